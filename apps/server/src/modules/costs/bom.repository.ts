import { sql } from 'drizzle-orm';
import type { BomItem, BomUnit, CablePlacement } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { bomHomesSql, bomLinesSql, type BomScope } from './bom.sql.ts';

export interface BomRow {
  item: BomItem;
  spec: string;
  placement: CablePlacement | '';
  unit: BomUnit;
  unitPrice: number | null;
  quantity: number;
  builtQuantity: number;
}

/** The bill's quantities and homes over a scope (issue 27): SQL only, in bom.sql.ts. */
export const bomRepository = {
  /** Lines summed over the scope's clusters (and its COs' own equipment). */
  async lines(db: Queryable, scope: BomScope): Promise<BomRow[]> {
    return db.rows<BomRow>(sql`
      SELECT item, spec, placement, unit, max(unit_price) AS "unitPrice",
             sum(quantity) AS quantity,
             coalesce(sum(quantity) FILTER (WHERE built), 0) AS "builtQuantity"
      FROM (${bomLinesSql(scope)}) l
      GROUP BY item, spec, placement, unit
      ORDER BY item, spec, placement`);
  },

  async homes(db: Queryable, scope: BomScope): Promise<{ passed: number; connected: number }> {
    const row = await db.one<{ passed: number; connected: number }>(sql`
      SELECT coalesce(sum(passed), 0)::int AS passed, coalesce(sum(connected), 0)::int AS connected
      FROM (${bomHomesSql(scope)}) h`);
    return row ?? { passed: 0, connected: 0 };
  },

  /** Clusters of the scope left out of the bill because they are Cancelled. */
  async cancelledClusters(db: Queryable, scope: BomScope): Promise<number> {
    const row = await db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${scope.projectId} AND c.project_phase = 'Cancelled'
        ${scope.centralOfficeId !== null ? sql`AND co.id = ${scope.centralOfficeId}` : sql``}
        ${scope.clusterId !== null ? sql`AND c.id = ${scope.clusterId}` : sql``}`);
    return row?.n ?? 0;
  },

  /** The scope's name and whether its CO or cluster belongs to the project. */
  async scopeName(db: Queryable, scope: BomScope): Promise<string | null> {
    if (scope.clusterId !== null) {
      const row = await db.one<{ name: string }>(sql`
        SELECT c.name FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
        WHERE c.id = ${scope.clusterId} AND co.project_id = ${scope.projectId}
          ${scope.centralOfficeId !== null ? sql`AND co.id = ${scope.centralOfficeId}` : sql``}`);
      return row?.name ?? null;
    }
    if (scope.centralOfficeId !== null) {
      const row = await db.one<{ name: string }>(sql`
        SELECT name FROM central_offices
        WHERE id = ${scope.centralOfficeId} AND project_id = ${scope.projectId}`);
      return row?.name ?? null;
    }
    const row = await db.one<{ name: string }>(sql`
      SELECT name FROM projects WHERE id = ${scope.projectId}`);
    return row?.name ?? null;
  },
};
