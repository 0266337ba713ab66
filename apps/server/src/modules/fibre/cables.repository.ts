import { sql, type SQL } from 'drizzle-orm';
import { ATTACH_DISTANCE_M, CABLE_FIBRES_MAX, type FibreStatus } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';
import { FIBRE_STATE } from './fibre-figures.sql.ts';

/**
 * Degrees that surely hold ATTACH_DISTANCE_M (a degree of latitude is 111 km; longitude shrinks
 * towards the poles, so twice): an index-friendly box before the exact geodesic test.
 */
const ATTACH_BOX_DEG = (ATTACH_DISTANCE_M / 111_000) * 2;

export interface CableStructure {
  fibreCount: number;
  tubes: number;
  fibresPerTube: number;
}

/**
 * 12 fibres a tube, as the cables our users buy (48 = 4 × 12, 144 = 12 × 12); a cable of fewer
 * than 12 fibres is one tube of them. A project's spec of that count decides instead.
 */
export function standardStructure(fibreCount: number): CableStructure {
  const fibresPerTube = Math.min(12, fibreCount);
  return { fibreCount, tubes: Math.ceil(fibreCount / fibresPerTube), fibresPerTube };
}

/** A cable's Capacity as a fibre count: its leading number, 1 when none (a drop). */
export function fibreCountOf(capacity: unknown): number {
  const n = Number.parseInt(String(capacity ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, CABLE_FIBRES_MAX) : 1;
}

/** Cables, their structure and fibres, and where they lie: SQL only. */
export const cablesRepository = {
  /** The cable's structure once its fibres exist. */
  async structure(db: Queryable, cableId: number): Promise<CableStructure | undefined> {
    return db.one<CableStructure>(sql`
      SELECT fibre_count AS "fibreCount", tubes, fibres_per_tube AS "fibresPerTube"
      FROM fibre_cables WHERE element_id = ${cableId}`);
  },

  /**
   * Makes the cable's fibres (each with its two ends, joined through the fibre) from its Capacity
   * and the project's spec of that count, if they do not exist yet. Answers whether it made them.
   */
  async materialise(db: Queryable, cableId: number): Promise<boolean> {
    const cable = await db.one<{ capacity: string | null; projectId: number }>(sql`
      SELECT btrim(e.attributes->>'Capacity', '"') AS capacity, co.project_id AS "projectId"
      FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE e.id = ${cableId} AND e.type = 'Cable'
        AND NOT EXISTS (SELECT 1 FROM fibre_cables fc WHERE fc.element_id = e.id)`);
    if (!cable) return false;
    const count = fibreCountOf(cable.capacity);
    const spec = await db.one<{ id: number; tubes: number; fibresPerTube: number }>(sql`
      SELECT id, tubes, fibres_per_tube AS "fibresPerTube" FROM cable_specs
      WHERE project_id = ${cable.projectId} AND fibre_count = ${count} ORDER BY id LIMIT 1`);
    const structure = spec
      ? { fibreCount: count, tubes: spec.tubes, fibresPerTube: spec.fibresPerTube }
      : standardStructure(count);
    // Two first readers at once: the second waits on the key, makes nothing, and says so.
    const made = await db.rows(sql`
      INSERT INTO fibre_cables (element_id, spec_id, fibre_count, tubes, fibres_per_tube)
      VALUES (${cableId}, ${spec?.id ?? null}, ${count}, ${structure.tubes},
              ${structure.fibresPerTube})
      ON CONFLICT (element_id) DO NOTHING
      RETURNING element_id`);
    if (!made.length) return false;
    await cablesRepository.makeFibres(db, sql`fc.element_id = ${cableId}`);
    return true;
  },

  /**
   * The fibres of the structured cables `which` selects (a condition on `fc`, their fibre_cables
   * row) that have none yet, each with its two ends joined through it: one statement however
   * many cables (the demo seed lights a whole cluster with it).
   */
  async makeFibres(db: Queryable, which: SQL): Promise<void> {
    await db.rows(sql`
      WITH made AS (
        INSERT INTO fibres (cable_id, number, tube, position)
        SELECT fc.element_id, n, (n - 1) / fc.fibres_per_tube + 1, (n - 1) % fc.fibres_per_tube + 1
        FROM fibre_cables fc
        CROSS JOIN LATERAL generate_series(1, fc.fibre_count) n
        WHERE ${which} AND NOT EXISTS (SELECT 1 FROM fibres f WHERE f.cable_id = fc.element_id)
        RETURNING id),
      ends AS (
        INSERT INTO fibre_terminals (kind, fibre_id, fibre_end)
        SELECT 'fibre', made.id, e.side FROM made, (VALUES ('a'), ('b')) e(side)
        RETURNING id, fibre_id, fibre_end)
      INSERT INTO fibre_links (from_terminal, to_terminal, kind)
      SELECT x.id, y.id, 'fibre' FROM ends x JOIN ends y
        ON y.fibre_id = x.fibre_id AND y.fibre_end <> x.fibre_end`);
  },

  /** Removes the cable's fibres (a new Capacity): the caller checked none is joined. */
  async dropFibres(db: Queryable, cableId: number): Promise<void> {
    await db.rows(sql`DELETE FROM fibre_cables WHERE element_id = ${cableId}`);
  },

  /** Fibre numbers of the cable joined at either end, at most `limit`. */
  async joinedFibres(db: Queryable, cableId: number, limit = 20): Promise<number[]> {
    const rows = await db.rows<{ number: number }>(sql`
      SELECT DISTINCT f.number FROM fibres f
      JOIN fibre_terminals t ON t.fibre_id = f.id
      JOIN fibre_links l ON l.from_terminal = t.id AND l.joint_id IS NOT NULL
      WHERE f.cable_id = ${cableId} ORDER BY f.number LIMIT ${limit}`);
    return rows.map((r) => r.number);
  },

  /**
   * The project's cables with an end on `point` (a: where the line starts), or passing by
   * uncut ('through'), nearest first.
   */
  async attachedAt(
    db: Queryable,
    projectId: number,
    point: SQL,
  ): Promise<{ id: number; name: string; end: 'a' | 'b' | 'through'; capacity: string | null }[]> {
    return db.rows(sql`
      WITH here AS (SELECT ${point} AS p)
      SELECT e.id, e.name, btrim(e.attributes->>'Capacity', '"') AS capacity,
             CASE WHEN ST_DWithin(ST_StartPoint(e.geom)::geography, here.p::geography, ${ATTACH_DISTANCE_M}) THEN 'a'
                  WHEN ST_DWithin(ST_EndPoint(e.geom)::geography, here.p::geography, ${ATTACH_DISTANCE_M}) THEN 'b'
                  ELSE 'through' END AS "end"
      FROM here, network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId} AND e.type = 'Cable' AND e.deleted_at IS NULL
        AND e.geom && ST_Expand(here.p, ${ATTACH_BOX_DEG})
        AND ST_DWithin(e.geom::geography, here.p::geography, ${ATTACH_DISTANCE_M})
      ORDER BY e.id`);
  },

  /** Fibres of these cables with their colours in the scheme, in cable then number order. */
  async fibres(db: Queryable, cableIds: readonly number[], scheme: string): Promise<FibreRow[]> {
    return db.rows<FibreRow>(sql`
      SELECT f.id::float8 AS id, f.cable_id AS "cableId", f.number, f.tube, f.position, f.status,
             ${sql.raw(FIBRE_STATE)} AS state,
             fc.name_en AS "colourEn", fc.name_fr AS "colourFr", fc.hex AS "colourHex",
             fc.stripe_hex AS "colourStripe",
             tc.name_en AS "tubeEn", tc.name_fr AS "tubeFr", tc.hex AS "tubeHex",
             tc.stripe_hex AS "tubeStripe",
             ta.id::float8 AS "terminalA", tb.id::float8 AS "terminalB"
      FROM fibres f
      JOIN fibre_terminals ta ON ta.fibre_id = f.id AND ta.fibre_end = 'a'
      JOIN fibre_terminals tb ON tb.fibre_id = f.id AND tb.fibre_end = 'b'
      LEFT JOIN fibre_colour_codes fc
        ON fc.scheme = ${scheme} AND fc.position = (f.position - 1) % 24 + 1
      LEFT JOIN fibre_colour_codes tc
        ON tc.scheme = ${scheme} AND tc.position = (f.tube - 1) % 24 + 1
      WHERE f.cable_id = ANY(${intArray(cableIds)}::int[])
      ORDER BY f.cable_id, f.number`);
  },

  async setStatus(db: Queryable, fibreId: number, status: string): Promise<boolean> {
    const rows = await db.rows(sql`
      UPDATE fibres SET status = ${status} WHERE id = ${fibreId} RETURNING id`);
    return rows.length > 0;
  },

  /** The cable a fibre belongs to. */
  async cableOfFibre(db: Queryable, fibreId: number): Promise<number | undefined> {
    const row = await db.one<{ cableId: number }>(sql`
      SELECT cable_id AS "cableId" FROM fibres WHERE id = ${fibreId}`);
    return row?.cableId;
  },
};

export interface FibreRow {
  id: number;
  cableId: number;
  number: number;
  tube: number;
  position: number;
  status: 'free' | 'reserved' | 'faulty';
  /** Its state as shown: faulty, used (spliced or connected anywhere), reserved or free. */
  state: FibreStatus;
  colourEn: string | null;
  colourFr: string | null;
  colourHex: string | null;
  colourStripe: string | null;
  tubeEn: string | null;
  tubeFr: string | null;
  tubeHex: string | null;
  tubeStripe: string | null;
  terminalA: number;
  terminalB: number;
}
