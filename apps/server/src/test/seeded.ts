import { sql, type SQL } from 'drizzle-orm';
import {
  emptyElementCounts,
  type ElementCounts,
  type ElementTypeName,
} from '@integration/contracts';
import type { Queryable } from '../db/database.ts';

/** The id a query answers, or a clear failure naming what the seed lacks. */
export async function idOf(db: Queryable, query: SQL, what: string): Promise<number> {
  const row = await db.one<{ id: number }>(query);
  if (!row) throw new Error(`not seeded: ${what}`);
  return row.id;
}

export const idByName = (db: Queryable, table: string, name: string) =>
  idOf(db, sql`SELECT id FROM ${sql.identifier(table)} WHERE name = ${name}`, `${table} '${name}'`);

export const userIdByEmail = (db: Queryable, email: string) =>
  idOf(db, sql`SELECT id FROM users WHERE email = ${email}`, email);

/**
 * Live elements per type of a project or cluster, counted straight from the table (the
 * tests' own oracle, independent of the server's count query), all ten types present.
 */
export async function liveElementCounts(
  db: Queryable,
  scope: 'project' | 'cluster',
  id: number,
): Promise<ElementCounts> {
  const owner = scope === 'cluster' ? sql`c.id` : sql`co.project_id`;
  const rows = await db.rows<{ type: ElementTypeName; n: number }>(sql`
    SELECT e.type, count(*)::int AS n FROM network_elements e
    JOIN clusters c ON c.id = e.cluster_id
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE e.deleted_at IS NULL AND ${owner} = ${id}
    GROUP BY e.type`);
  return { ...emptyElementCounts(), ...Object.fromEntries(rows.map((r) => [r.type, r.n])) };
}
