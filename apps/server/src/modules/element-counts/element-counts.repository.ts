import { sql } from 'drizzle-orm';
import {
  emptyElementCounts,
  type ElementCounts,
  type ElementTypeName,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

type Scope = 'project' | 'cluster';

/** `_count` of projects or clusters: live elements per type, zero for types without any. */
export async function elementCounts(
  db: Queryable,
  scope: Scope,
  ids: number[],
): Promise<Map<number, ElementCounts>> {
  const result = new Map(ids.map((id) => [id, emptyElementCounts()]));
  if (!ids.length) return result;
  const owner = scope === 'cluster' ? sql`e.cluster_id` : sql`co.project_id`;
  const rows = await db.rows<{ owner: number; type: ElementTypeName; n: number }>(sql`
    SELECT ${owner} AS owner, e.type, count(*)::int AS n
    FROM network_elements e
    JOIN clusters c ON c.id = e.cluster_id
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE e.deleted_at IS NULL
      AND ${owner} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    GROUP BY 1, 2`);
  for (const row of rows) {
    const counts = result.get(row.owner);
    if (counts) counts[row.type] = row.n;
  }
  return result;
}
