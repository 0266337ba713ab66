import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { intArray } from '../../../db/sql-arrays.ts';

/** The bulk writes of a GraceTHD import (issue 29): one statement per kind, not per row. */
export const graceThdImportRepository = {
  liveElements: async (db: Queryable, clusterId: number) =>
    (
      await db.one<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM network_elements
        WHERE cluster_id = ${clusterId} AND deleted_at IS NULL`)
    )?.n ?? 0,

  office: (db: Queryable, clusterId: number) =>
    db.one<{ id: number; placed: boolean }>(sql`
      SELECT co.id, co.location IS NOT NULL AS placed
      FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
      WHERE c.id = ${clusterId}`),

  /** Each cable's fibre structure (a spec of the project by name where one matches). */
  async structures(
    db: Queryable,
    projectId: number,
    rows: { e: number; n: number; t: number; p: number; s: string | null }[],
  ): Promise<void> {
    if (!rows.length) return;
    await db.rows(sql`
      INSERT INTO fibre_cables (element_id, spec_id, fibre_count, tubes, fibres_per_tube)
      SELECT r.e, (SELECT id FROM cable_specs cs WHERE cs.project_id = ${projectId}
                     AND cs.name = r.s AND cs.fibre_count = r.n LIMIT 1), r.n, r.t, r.p
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(e int, n int, t int, p int, s text)`);
  },

  async fibreStates(
    db: Queryable,
    rows: { c: number; n: number; s: 'reserved' | 'faulty' }[],
  ): Promise<void> {
    if (!rows.length) return;
    await db.rows(sql`
      UPDATE fibres f SET status = r.s
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(c int, n int, s text)
      WHERE f.cable_id = r.c AND f.number = r.n`);
  },

  /** The end terminals of the cables' fibres: `${cable}:${number}:${end}` → terminal id. */
  async fibreTerminals(db: Queryable, cableIds: number[]) {
    const rows = await db.rows<{ c: number; n: number; e: string; id: number; fibre: number }>(sql`
      SELECT f.cable_id AS c, f.number AS n, t.fibre_end AS e, t.id::float8 AS id,
             f.id::float8 AS fibre
      FROM fibres f JOIN fibre_terminals t ON t.fibre_id = f.id AND t.fibre_end IN ('a', 'b')
      WHERE f.cable_id = ANY(${intArray(cableIds)}::int[])`);
    return {
      terminals: new Map(rows.map((r) => [`${r.c}:${r.n}:${r.e}`, r.id])),
      fibres: new Map(rows.map((r) => [`${r.c}:${r.n}`, r.fibre])),
    };
  },

  /** Splitter legs' terminals: `${splitter}:${leg}` → id. */
  async splitterTerminals(db: Queryable, splitterIds: number[]) {
    const rows = await db.rows<{ s: number; leg: number; id: number }>(sql`
      SELECT splitter_id AS s, leg, id::float8 AS id FROM fibre_terminals
      WHERE splitter_id = ANY(${intArray(splitterIds)}::int[])`);
    return new Map(rows.map((r) => [`${r.s}:${r.leg}`, r.id]));
  },

  /** Port terminals of holders' panels: `${holder}|${panel}|${number}|${kind}` → id. */
  async portTerminals(db: Queryable, elementIds: number[], officeId: number) {
    const rows = await db.rows<{
      h: string;
      panel: string;
      number: number;
      kind: string;
      id: number;
    }>(sql`
      SELECT coalesce('E' || p.element_id, 'O') AS h, p.panel, p.number, t.kind, t.id::float8 AS id
      FROM fibre_ports p JOIN fibre_terminals t ON t.port_id = p.id
      WHERE p.element_id = ANY(${intArray(elementIds)}::int[]) OR p.central_office_id = ${officeId}`);
    return new Map(rows.map((r) => [`${r.h}|${r.panel}|${r.number}|${r.kind}`, r.id]));
  },

  /**
   * Trays, numbered after a holder's own (an office's may hold some already), in one statement:
   * their ids in the order given (identity values are taken in insertion order).
   */
  async addTrays(
    db: Queryable,
    trays: { e: number | null; o: number | null; c: number }[],
  ): Promise<number[]> {
    if (!trays.length) return [];
    const rows = await db.rows<{ id: number }>(sql`
      WITH src AS (
        SELECT r.* FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(trays)}::jsonb)
          AS (e int, o int, c int)) WITH ORDINALITY AS r(e, o, c, i))
      INSERT INTO fibre_trays (element_id, central_office_id, number, capacity)
      SELECT e, o,
             coalesce((SELECT max(t.number) FROM fibre_trays t
                        WHERE t.element_id = src.e OR t.central_office_id = src.o), 0)
               + row_number() OVER (PARTITION BY e, o ORDER BY i),
             c
      FROM src ORDER BY i
      RETURNING id`);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  },

  /** Splitters with their legs (input 0, outputs joined to it): ids in the order given. */
  async addSplitters(
    db: Queryable,
    splitters: { e: number | null; o: number | null; r: string; n: string | null }[],
  ): Promise<number[]> {
    if (!splitters.length) return [];
    const rows = await db.rows<{ id: number }>(sql`
      WITH src AS (
        SELECT r.* FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(splitters)}::jsonb)
          AS (e int, o int, r text, n text)) WITH ORDINALITY AS r(e, o, r, n, i))
      INSERT INTO fibre_splitters (element_id, central_office_id, name, ratio)
      SELECT e, o, coalesce(n, 'S' || row_number() OVER (PARTITION BY e, o ORDER BY i)), r
      FROM src ORDER BY i
      RETURNING id`);
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await db.rows(sql`
      WITH legs AS (
        INSERT INTO fibre_terminals (kind, splitter_id, leg)
        SELECT CASE WHEN leg = 0 THEN 'splitter-in' ELSE 'splitter-out' END, s.id, leg
        FROM fibre_splitters s
        CROSS JOIN LATERAL generate_series(0, substr(s.ratio, 3)::int) leg
        WHERE s.id = ANY(${intArray(ids)}::int[])
        RETURNING id, splitter_id, leg)
      INSERT INTO fibre_links (from_terminal, to_terminal, kind)
      SELECT i.id, o.id, 'splitter' FROM legs i JOIN legs o
        ON o.splitter_id = i.splitter_id AND i.leg = 0 AND o.leg > 0
      UNION ALL
      SELECT o.id, i.id, 'splitter' FROM legs i JOIN legs o
        ON o.splitter_id = i.splitter_id AND i.leg = 0 AND o.leg > 0`);
    return ids;
  },

  /** Joints and their links both ways, in one statement. */
  async join(
    db: Queryable,
    joints: {
      e: number | null;
      o: number | null;
      k: 'splice' | 'connector';
      t: number | null;
      a: number;
      b: number;
      l: number | null;
    }[],
    userId: number,
  ): Promise<void> {
    if (!joints.length) return;
    await db.rows(sql`
      WITH src AS (
        SELECT r.* FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(joints)}::jsonb)
          AS (e int, o int, k text, t int, a bigint, b bigint, l float8))
          WITH ORDINALITY AS r(e, o, k, t, a, b, l, i)),
      j AS (
        INSERT INTO fibre_joints (element_id, central_office_id, kind, tray_id, terminal_a,
                                  terminal_b, measured_loss_db, created_by)
        SELECT e, o, k, t, a, b, l, ${userId} FROM src ORDER BY i
        RETURNING id, kind, terminal_a, terminal_b)
      INSERT INTO fibre_links (from_terminal, to_terminal, kind, joint_id)
      SELECT terminal_a, terminal_b, kind, id FROM j
      UNION ALL SELECT terminal_b, terminal_a, kind, id FROM j`);
  },
};
