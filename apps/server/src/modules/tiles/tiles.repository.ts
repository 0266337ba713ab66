import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';
import type { LngLatBox } from './tile-coordinates.ts';

/** Above this many elements a commit's places are told by cluster, not one by one. */
const BOXES_BY_ELEMENT_MAX = 64;

export const tilesRepository = {
  /**
   * Where these elements lie now and where their versions before the commit lay
   * (element_history keeps the superseded versions): the tiles that drew either must change.
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
        SELECT ${byElement ? sql`u.element_id` : sql`u.cluster_id`} AS k, ST_Extent(u.geom) AS b
        FROM (
          SELECT e.id AS element_id, e.cluster_id, e.geom
          FROM c JOIN network_elements e ON e.id = c.id
          UNION ALL
          SELECT h.element_id, h.cluster_id, h.geom
          FROM c JOIN element_history h ON h.element_id = c.id AND h.version = c.version - 1
        ) u
        GROUP BY 1) q`);
    return rows.map((r) => [Number(r.w), Number(r.s), Number(r.e), Number(r.n)]);
  },
};
