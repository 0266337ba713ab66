import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';

/** Where a terminal lies along its fibre: its start 0, its end 1, a cut where it was made. */
const POSITION = `CASE t.fibre_end WHEN 'a' THEN 0 WHEN 'b' THEN 1 ELSE t.along END`;

/**
 * Mid-span cuts (issue 26): a fibre of a cable passing through an enclosure uncut, spliced
 * there, is cut there into two pieces, each a fibre link with its share of the cable's length.
 * A cut whose two sides are joined to nothing any more is healed: the fibre is whole again.
 * SQL only; callers run these in their transaction.
 */
export const cutsRepository = {
  /** Where a point lies along each cable (0 at its start, 1 at its end), to a nanometre's worth. */
  async alongAt(
    db: Queryable,
    cableIds: readonly number[],
    point: SQL,
  ): Promise<Map<number, number>> {
    if (!cableIds.length) return new Map();
    const rows = await db.rows<{ id: number; along: number }>(sql`
      SELECT id, round(ST_LineLocatePoint(geom, ${point})::numeric, 9)::float8 AS along
      FROM network_elements
      WHERE id = ANY(${`{${cableIds.join(',')}}`}::int[]) AND GeometryType(geom) = 'LINESTRING'`);
    return new Map(rows.map((r) => [r.id, r.along]));
  },

  /** The terminals of cuts at these places: `${fibreId}:${faces}` → terminal. */
  async cutsAt(
    db: Queryable,
    places: readonly { cableId: number; along: number }[],
  ): Promise<Map<string, number>> {
    if (!places.length) return new Map();
    const rows = await db.rows<{ id: number; fibreId: number; faces: 'a' | 'b' }>(sql`
      SELECT t.id::float8 AS id, t.fibre_id::float8 AS "fibreId", t.faces
      FROM unnest(${`{${places.map((p) => p.cableId).join(',')}}`}::int[],
                  ${`{${places.map((p) => p.along).join(',')}}`}::float8[]) AS here(cable_id, along)
      JOIN fibres f ON f.cable_id = here.cable_id
      JOIN fibre_terminals t ON t.fibre_id = f.id AND t.fibre_end = 'm' AND t.along = here.along`);
    return new Map(rows.map((r) => [`${r.fibreId}:${r.faces}`, r.id]));
  },

  /**
   * The terminal of the fibre's piece facing `faces` at `along`, the fibre cut there first
   * when it is not yet: the piece of fibre spanning that point is split in two.
   */
  async cut(db: Queryable, fibreId: number, along: number, faces: 'a' | 'b'): Promise<number> {
    const existing = await db.one<{ id: number }>(sql`
      SELECT id::float8 AS id FROM fibre_terminals
      WHERE fibre_id = ${fibreId} AND fibre_end = 'm' AND along = ${along} AND faces = ${faces}`);
    if (existing) return existing.id;
    const made = await db.one<{ a: number; b: number }>(sql`
      WITH piece AS (
        SELECT l.from_terminal AS x, l.to_terminal AS y,
               ${sql.raw(POSITION.replaceAll('t.', 'tx.'))} AS px,
               ${sql.raw(POSITION.replaceAll('t.', 'ty.'))} AS py
        FROM fibre_terminals tx
        JOIN fibre_links l ON l.from_terminal = tx.id AND l.kind = 'fibre'
        JOIN fibre_terminals ty ON ty.id = l.to_terminal
        WHERE tx.fibre_id = ${fibreId}
          AND ${sql.raw(POSITION.replaceAll('t.', 'tx.'))} < ${along}
          AND ${sql.raw(POSITION.replaceAll('t.', 'ty.'))} > ${along}
        LIMIT 1),
      unlinked AS (
        DELETE FROM fibre_links l USING piece
        WHERE (l.from_terminal, l.to_terminal) IN ((piece.x, piece.y), (piece.y, piece.x))),
      ends AS (
        INSERT INTO fibre_terminals (kind, fibre_id, fibre_end, along, faces)
        SELECT 'fibre', ${fibreId}, 'm', ${along}::float8, side
        FROM piece, (VALUES ('a'), ('b')) s(side)
        RETURNING id, faces),
      linked AS (
        INSERT INTO fibre_links (from_terminal, to_terminal, kind, share)
        SELECT link.f, link.t, 'fibre', link.share
        FROM piece, ends e,
             LATERAL (VALUES (CASE e.faces WHEN 'a' THEN piece.x ELSE e.id END,
                              CASE e.faces WHEN 'a' THEN e.id ELSE piece.y END,
                              CASE e.faces WHEN 'a' THEN ${along} - piece.px
                                                   ELSE piece.py - ${along} END)) AS one(f, t, share),
             LATERAL (VALUES (one.f, one.t, one.share), (one.t, one.f, one.share)) AS link(f, t, share))
      SELECT max(id) FILTER (WHERE faces = 'a')::float8 AS a,
             max(id) FILTER (WHERE faces = 'b')::float8 AS b
      FROM ends`);
    const id = faces === 'a' ? made?.a : made?.b;
    if (!id) throw new Error(`fibre ${fibreId} has no piece across ${along}`);
    return id;
  },

  /** Makes whole again the cuts among these terminals whose two sides are joined to nothing. */
  async heal(db: Queryable, terminalIds: readonly number[]): Promise<void> {
    if (!terminalIds.length) return;
    const cuts = await db.rows<{ fibreId: number; along: number }>(sql`
      SELECT DISTINCT t.fibre_id::float8 AS "fibreId", t.along
      FROM fibre_terminals t
      WHERE t.id = ANY(${`{${terminalIds.join(',')}}`}::bigint[]) AND t.fibre_end = 'm'
        AND NOT EXISTS (
          SELECT 1 FROM fibre_terminals o
          JOIN fibre_links l ON l.from_terminal = o.id AND l.joint_id IS NOT NULL
          WHERE o.fibre_id = t.fibre_id AND o.fibre_end = 'm' AND o.along = t.along)`);
    for (const c of cuts) {
      await db.rows(sql`
        WITH sides AS (
          SELECT t.id, t.faces, l.to_terminal AS beyond, l.share
          FROM fibre_terminals t
          JOIN fibre_links l ON l.from_terminal = t.id AND l.kind = 'fibre'
          WHERE t.fibre_id = ${c.fibreId} AND t.fibre_end = 'm' AND t.along = ${c.along}),
        whole AS (
          SELECT (SELECT beyond FROM sides WHERE faces = 'a') AS x,
                 (SELECT beyond FROM sides WHERE faces = 'b') AS y,
                 least(1, (SELECT sum(share) FROM sides)) AS share),
        gone AS (DELETE FROM fibre_terminals WHERE id IN (SELECT id FROM sides))
        INSERT INTO fibre_links (from_terminal, to_terminal, kind, share)
        SELECT x, y, 'fibre', share FROM whole WHERE x IS NOT NULL AND y IS NOT NULL
        UNION ALL
        SELECT y, x, 'fibre', share FROM whole WHERE x IS NOT NULL AND y IS NOT NULL`);
    }
  },
};
