import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';
import type { LngLatBox } from './tile-coordinates.ts';

/** Above this many elements a commit's places are told by cluster, not one by one. */
const BOXES_BY_ELEMENT_MAX = 64;

export const tilesRepository = {
  /**
   * Where the committed versions of these elements lie and where their previous versions lay
   * (element_history keeps every version's geometry): the tiles that drew either must change.
   */
  async changedBoxes(
    db: Queryable,
    refs: readonly { id: number; version: number }[],
  ): Promise<LngLatBox[]> {
    if (!refs.length) return [];
    const byElement = refs.length <= BOXES_BY_ELEMENT_MAX;
    const rows = await db.rows<{ w: number; s: number; e: number; n: number }>(sql`
      WITH c AS (
        SELECT * FROM unnest(${intArray(refs.map((r) => r.id))}::int[],
                             ${intArray(refs.map((r) => r.version))}::int[]) AS c(id, version))
      SELECT ST_XMin(q.b) AS w, ST_YMin(q.b) AS s, ST_XMax(q.b) AS e, ST_YMax(q.b) AS n FROM (
        SELECT ${byElement ? sql`h.element_id` : sql`h.cluster_id`} AS k, ST_Extent(h.geom) AS b
        FROM c JOIN element_history h
          ON h.element_id = c.id AND h.version IN (c.version, c.version - 1)
        GROUP BY 1) q`);
    return rows.map((r) => [Number(r.w), Number(r.s), Number(r.e), Number(r.n)]);
  },

  async projectOfCluster(db: Queryable, clusterId: number): Promise<number | null> {
    const row = await db.one<{ projectId: number }>(sql`
      SELECT co.project_id AS "projectId" FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${clusterId}`);
    return row?.projectId ?? null;
  },
};
