import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import type { IndexedProblem } from './element-errors.ts';

/**
 * An edit may send back an attribute its template no longer has: a client's copy from before
 * the attribute was removed (issue 17). Where the element still stores a value under that
 * name, it is no problem: the value stays as stored (the checker never writes unknown names).
 * Looked up only when an edit names unknown attributes, so ordinary edits pay nothing.
 */
export async function forgiveRemovedAttributes(
  db: Queryable,
  ids: number[],
  problems: IndexedProblem[],
): Promise<IndexedProblem[]> {
  const unknown = problems.flatMap((p, at) =>
    p.key === 'elements.attributeUnknown'
      ? [{ at, id: ids[p.index] ?? 0, name: String(p.vars?.name ?? '') }]
      : [],
  );
  if (!unknown.length) return problems;
  const stored = await db.rows<{ at: number }>(sql`
    SELECT u.at FROM jsonb_to_recordset(${JSON.stringify(unknown)}::jsonb) AS u(at int, id int, name text)
    JOIN network_elements e ON e.id = u.id
    WHERE e.attributes -> u.name IS NOT NULL`);
  const forgiven = new Set(stored.map((row) => row.at));
  return problems.filter((_, at) => !forgiven.has(at));
}
