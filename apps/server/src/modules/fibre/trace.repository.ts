import { sql, type SQL } from 'drizzle-orm';
import {
  ATTACH_DISTANCE_M,
  DEFAULT_COLOUR_SCHEME,
  TRACE_HOPS_MAX,
  type ElementTypeName,
  type LossConstants,
} from '@integration/contracts';
import type { DatabaseKind, Queryable } from '../../db/database.ts';

const BOX_DEG = (ATTACH_DISTANCE_M / 111_000) * 2;
const bigints = (ids: readonly number[]) => `{${ids.join(',')}}`;
/**
 * Homes walked in one statement by a budget (see homeTotals): on the embedded database a
 * statement holds the event loop, so a page stays short; on PostgreSQL it does not, and each
 * page costs a plan (~15 ms), so a cluster is one page.
 */
export const homesAStatement = (kind: DatabaseKind) => (kind === 'pglite' ? 512 : 4096);

/** Where a walk starts: a terminal, and whether it was reached across a joint. */
export interface Seed {
  seed: number;
  terminal: number;
  /** True: the walk goes on through the terminal's fibre (a home's drop); false: across its joint. */
  viaJoint: boolean;
}

/** One link a walk crossed, with what its loss and its label need. */
export interface HopRow {
  seed: number;
  step: number;
  terminal: number;
  kind: 'fibre' | 'splitter' | 'port' | 'splice' | 'connector' | 'start';
  terminalKind: string;
  /** Fibre hops. */
  cableId: number | null;
  cableName: string | null;
  fibreNumber: number | null;
  fibrePosition: number | null;
  lengthM: number;
  /** Joint, splitter and OLT port hops: where they are. */
  elementId: number | null;
  elementType: ElementTypeName | null;
  centralOfficeId: number | null;
  placeName: string | null;
  splitterName: string | null;
  ratio: string | null;
  portPanel: string | null;
  portNumber: number | null;
  /** Fibre hops: the fibre's colour in the scheme asked for. */
  colourEn: string | null;
  colourFr: string | null;
  colourHex: string | null;
  colourStripe: string | null;
  loss1310: number;
  loss1550: number;
}

/**
 * The walk (issue 26): from each seed, link after link, alternating a terminal's own link (the
 * fibre, the splitter, the port) and its joint; upstream it never fans out from a splitter's
 * input into its other outputs (downstream from an OLT port, `fanOut`, it does). A hop count, not
 * a path array, guards against loops (an array makes long chains quadratic). Each hop comes with its loss at both wavelengths, from the
 * project's constants, the cable's spec and any measured joint loss.
 */
function walkSql(
  seeds: readonly Seed[] | SQL,
  losses: LossConstants,
  {
    fanOut = false,
    scheme = DEFAULT_COLOUR_SCHEME,
    named = true,
  }: {
    fanOut?: boolean;
    scheme?: string;
    /** False for figures only (a budget): no places, ports or colours looked up. */
    named?: boolean;
  } = {},
): SQL {
  const splitterDb = JSON.stringify(losses.splitterDb);
  const place = sql`coalesce(j.element_id, sp.element_id, po.element_id)`;
  const office = sql`coalesce(j.central_office_id, sp.central_office_id, po.central_office_id)`;
  const labels = named
    ? sql`${place} AS "elementId", pe.type AS "elementType", ${office} AS "centralOfficeId",
          coalesce(pe.name, pco.name) AS "placeName",
          po.panel AS "portPanel", po.number AS "portNumber",
          fcc.name_en AS "colourEn", fcc.name_fr AS "colourFr", fcc.hex AS "colourHex",
          fcc.stripe_hex AS "colourStripe"`
    : sql`NULL AS "elementId"`;
  const lookups = named
    ? sql`
    LEFT JOIN fibre_colour_codes fcc
      ON fcc.scheme = ${scheme} AND fcc.position = (f.position - 1) % 24 + 1
    LEFT JOIN LATERAL (SELECT po.element_id, po.central_office_id, po.panel, po.number
                       FROM fibre_ports po WHERE po.id = s.port_id AND s.tkind = 'olt-port'
                       OFFSET 0) po ON TRUE
    LEFT JOIN LATERAL (SELECT pe.type, pe.name FROM network_elements pe
                       WHERE pe.id = ${place} OFFSET 0) pe ON TRUE
    LEFT JOIN LATERAL (SELECT pco.name FROM central_offices pco
                       WHERE pco.id = ${office} OFFSET 0) pco ON TRUE`
    : sql``;
  const from = Array.isArray(seeds)
    ? sql`SELECT * FROM unnest(${bigints(seeds.map((s) => s.seed))}::bigint[],
                  ${bigints(seeds.map((s) => s.terminal))}::bigint[],
                  ${`{${seeds.map((s) => s.viaJoint).join(',')}}`}::boolean[])`
    : (seeds as SQL);
  return sql`
    WITH RECURSIVE walk(seed, step, terminal, tkind, via_joint, kind, joint_id,
                        fibre_id, splitter_id, port_id, share) AS (
      SELECT s.seed::bigint, 0, s.terminal::bigint, t.kind, s.via_joint, 'start'::text,
             NULL::bigint, t.fibre_id, t.splitter_id, t.port_id, 1::float8
      FROM (${from}) AS s(seed, terminal, via_joint)
      JOIN fibre_terminals t ON t.id = s.terminal::bigint
      UNION ALL
      SELECT w.seed, w.step + 1, x.to_terminal, y.tkind, x.via_joint, x.kind, x.joint_id,
             y.fibre_id, y.splitter_id, y.port_id, x.share
      FROM walk w
      -- One index probe a link, one a terminal: OFFSET 0 keeps each LATERAL from being
      -- flattened into a join the planner hashes (all 900,000 links and 470,000 terminals at
      -- every step when it guesses many rows: 7.5 s for a 2,048-home cluster against 0.4 s;
      -- or, without statistics, every terminal for every row).
      CROSS JOIN LATERAL (
        SELECT l.to_terminal, l.joint_id IS NOT NULL AS via_joint, l.kind, l.joint_id, l.share
        FROM fibre_links l
        WHERE l.from_terminal = w.terminal AND (l.joint_id IS NOT NULL) <> w.via_joint
          AND (${fanOut} OR NOT (w.tkind = 'splitter-in' AND l.kind = 'splitter'))
        OFFSET 0
      ) x
      CROSS JOIN LATERAL (
        SELECT nt.kind AS tkind, nt.fibre_id, nt.splitter_id, nt.port_id
        FROM fibre_terminals nt
        WHERE nt.id = x.to_terminal
          -- A deleted cable carries no light (its joints stay, for a restore).
          AND (x.kind <> 'fibre' OR NOT EXISTS (
                SELECT 1 FROM fibres df JOIN network_elements dc ON dc.id = df.cable_id
                WHERE df.id = nt.fibre_id AND dc.deleted_at IS NOT NULL))
        OFFSET 0
      ) y
      WHERE w.step < ${TRACE_HOPS_MAX}
    ),
    -- The walk carries what each terminal is: no second pass over the terminals.
    steps AS (SELECT * FROM walk),
    cables AS (
      SELECT DISTINCT f.cable_id FROM steps s JOIN fibres f ON f.id = s.fibre_id
      WHERE s.kind = 'fibre'
    ),
    cable_facts AS (
      SELECT c.cable_id, ce.name, coalesce(ce.length_m, 0) + coalesce(slack.m, 0) AS length_m,
             coalesce(sp.attenuation_1310, ${losses.fibreDbPerKm['1310']}) AS att1310,
             coalesce(sp.attenuation_1550, ${losses.fibreDbPerKm['1550']}) AS att1550
      FROM cables c
      JOIN network_elements ce ON ce.id = c.cable_id
      LEFT JOIN fibre_cables fc ON fc.element_id = c.cable_id
      LEFT JOIN cable_specs sp ON sp.id = fc.spec_id
      -- Slack: the Length of the Loop elements lying on the cable.
      LEFT JOIN LATERAL (
        SELECT sum(v::float8) AS m
        FROM network_elements lp, btrim(lp.attributes->>'Length', '"') v
        WHERE lp.type = 'Loop' AND lp.deleted_at IS NULL AND lp.cluster_id = ce.cluster_id
          AND lp.geom && ST_Expand(ce.geom, ${BOX_DEG})
          AND octet_length(v) <= 12 AND v ~ '^[0-9]+(\\.[0-9]+)?$'
          AND ST_DWithin(lp.geom::geography, ce.geom::geography, ${ATTACH_DISTANCE_M})
      ) slack ON TRUE
    )
    SELECT s.seed::float8 AS seed, s.step, s.kind, s.tkind AS "terminalKind",
           s.terminal::float8 AS terminal,
           f.cable_id AS "cableId", cf.name AS "cableName", f.number AS "fibreNumber",
           f.position AS "fibrePosition",
           -- A piece of a fibre cut mid-span: its share of the cable's length.
           CASE WHEN s.kind = 'fibre' THEN cf.length_m * s.share ELSE 0 END AS "lengthM",
           ${labels}, sp.name AS "splitterName", sp.ratio,
           CASE s.kind
             WHEN 'fibre' THEN cf.length_m * s.share / 1000 * cf.att1310
             WHEN 'splice' THEN coalesce(j.measured_loss_db, ${losses.spliceDb})
             WHEN 'connector' THEN coalesce(j.measured_loss_db, ${losses.connectorDb})
             WHEN 'splitter' THEN (${splitterDb}::jsonb ->> sp.ratio)::float8
             ELSE 0 END AS loss1310,
           CASE s.kind
             WHEN 'fibre' THEN cf.length_m * s.share / 1000 * cf.att1550
             WHEN 'splice' THEN coalesce(j.measured_loss_db, ${losses.spliceDb})
             WHEN 'connector' THEN coalesce(j.measured_loss_db, ${losses.connectorDb})
             WHEN 'splitter' THEN (${splitterDb}::jsonb ->> sp.ratio)::float8
             ELSE 0 END AS loss1550
    FROM steps s
    -- Each step's facts by an index probe (OFFSET 0 keeps each apart): joined as tables, the
    -- planner hashed all the fibres, joints and splitters for every budget page (~100 ms a page).
    LEFT JOIN LATERAL (SELECT f.cable_id, f.number, f.position FROM fibres f
                       WHERE f.id = s.fibre_id AND s.kind = 'fibre' OFFSET 0) f ON TRUE
    LEFT JOIN cable_facts cf ON cf.cable_id = f.cable_id
    LEFT JOIN LATERAL (SELECT j.element_id, j.central_office_id, j.measured_loss_db
                       FROM fibre_joints j WHERE j.id = s.joint_id OFFSET 0) j ON TRUE
    LEFT JOIN LATERAL (SELECT sp.element_id, sp.central_office_id, sp.name, sp.ratio
                       FROM fibre_splitters sp
                       WHERE sp.id = s.splitter_id AND s.kind IN ('splitter', 'start')
                       OFFSET 0) sp ON TRUE
    ${lookups}`;
}

/** Where a home's trace starts: its drop's fibre end on the home (one joined further first). */
function homeStartsSql(homes: SQL): SQL {
  // Per home, its best drop end (LIMIT 1 in a LATERAL): index probes around each home, where a
  // join over all the homes at once made the planner hash every fibre and terminal.
  return sql`
    SELECT h.id AS home, s.terminal
    FROM network_elements h
    CROSS JOIN LATERAL (
      SELECT t.id::float8 AS terminal
      FROM network_elements c
      JOIN fibres f ON f.cable_id = c.id
      JOIN fibre_terminals t ON t.fibre_id = f.id
      WHERE c.type = 'Cable' AND c.deleted_at IS NULL
        AND c.geom && ST_Expand(h.geom, ${BOX_DEG})
        AND ((t.fibre_end = 'a' AND ST_DWithin(ST_StartPoint(c.geom)::geography, h.geom::geography, ${ATTACH_DISTANCE_M}))
          OR (t.fibre_end = 'b' AND ST_DWithin(ST_EndPoint(c.geom)::geography, h.geom::geography, ${ATTACH_DISTANCE_M})))
      ORDER BY
        EXISTS (SELECT 1 FROM fibre_terminals o
                JOIN fibre_links l ON l.from_terminal = o.id AND l.joint_id IS NOT NULL
                WHERE o.fibre_id = f.id AND o.id <> t.id) DESC,
        c.id, f.number
      LIMIT 1
    ) s
    WHERE h.id IN (${homes})
    ORDER BY h.id`;
}

export interface HomeTotals {
  elementId: number;
  name: string;
  end: 'olt-port' | 'open';
  totalLengthM: number;
  loss1310: number;
  loss1550: number;
  /** The splitters' ratios on the path multiplied (1 where none): 4 × 8 = 32. */
  split: number;
  /** The walk's last step: at the hop limit, the path loops. */
  steps: number;
  /** Whether a drop with fibres lies on the home (its walk's start). */
  fed: boolean;
}

/** Traces and budgets: SQL only. */
export const traceRepository = {
  /**
   * The hops of walks, in order, fibre hops coloured in `scheme`: from terminals, or from a
   * home's drop (its start found in the same statement; no rows when no drop lies on it).
   */
  async hops(
    db: Queryable,
    from: readonly Seed[] | { homeId: number },
    losses: LossConstants,
    scheme: string,
  ): Promise<HopRow[]> {
    const seeds =
      'homeId' in from
        ? sql`SELECT home, terminal, true FROM (${homeStartsSql(sql`${from.homeId}`)}) st`
        : from;
    if (Array.isArray(seeds) && !seeds.length) return [];
    return db.rowsPrepared<HopRow>(
      sql`${walkSql(seeds, losses, { scheme })} ORDER BY s.seed, s.step`,
    );
  },

  /**
   * The homes an OLT port serves: walked downstream into every splitter output, the fibre ends
   * where the light stops, and the homes those ends lie on.
   */
  async homesServed(
    db: Queryable,
    portTerminal: number,
    losses: LossConstants,
  ): Promise<{ id: number; name: string }[]> {
    return db.rows<{ id: number; name: string }>(sql`
      WITH hop AS (${walkSql([{ seed: 1, terminal: portTerminal, viaJoint: false }], losses, { fanOut: true })}),
      -- Where the light stops: a fibre's far end joined to nothing further.
      ends AS (
        SELECT DISTINCT f.cable_id, t.fibre_end FROM hop
        JOIN fibre_terminals t ON t.id = hop.terminal
        JOIN fibres f ON f.id = t.fibre_id
        WHERE hop.kind = 'fibre' AND t.fibre_end IN ('a', 'b')
          AND NOT EXISTS (SELECT 1 FROM fibre_links l
                          WHERE l.from_terminal = t.id AND l.joint_id IS NOT NULL)
      )
      SELECT DISTINCT h.id, h.name FROM ends
      JOIN network_elements c ON c.id = ends.cable_id
      JOIN network_elements h ON h.type IN ('SFU', 'Building') AND h.deleted_at IS NULL
        AND h.geom && ST_Expand(CASE ends.fibre_end WHEN 'a' THEN ST_StartPoint(c.geom)
                                                    ELSE ST_EndPoint(c.geom) END, ${BOX_DEG})
        AND ST_DWithin(h.geom::geography,
              (CASE ends.fibre_end WHEN 'a' THEN ST_StartPoint(c.geom)
                                   ELSE ST_EndPoint(c.geom) END)::geography, ${ATTACH_DISTANCE_M})
      ORDER BY h.id`);
  },

  /** The terminal of an OLT port. */
  async oltTerminal(db: Queryable, portId: number): Promise<number | undefined> {
    const row = await db.one<{ id: number }>(sql`
      SELECT id::float8 AS id FROM fibre_terminals WHERE port_id = ${portId} AND kind = 'olt-port'`);
    return row?.id;
  },

  /** The terminals at both ends of a fibre. */
  async fibreEnds(db: Queryable, fibreId: number): Promise<{ a: number; b: number } | undefined> {
    return db.one<{ a: number; b: number }>(sql`
      SELECT max(id) FILTER (WHERE fibre_end = 'a')::float8 AS a,
             max(id) FILTER (WHERE fibre_end = 'b')::float8 AS b
      FROM fibre_terminals WHERE fibre_id = ${fibreId}
      HAVING count(*) FILTER (WHERE fibre_end IN ('a', 'b')) = 2`);
  },

  /** The homes of a cluster, by its index (`id IN (…)` was joined to a scan of every element). */
  async clusterHomes(db: Queryable, clusterId: number): Promise<{ id: number; name: string }[]> {
    return db.rows<{ id: number; name: string }>(sql`
      SELECT id, name FROM network_elements
      WHERE cluster_id = ${clusterId} AND type IN ('SFU', 'Building') AND deleted_at IS NULL
      ORDER BY id`);
  },

  /**
   * Each home walked towards its OLT port and summed, `pageSize` homes a statement (see
   * homesAStatement): one statement for a whole 2,048-home cluster held the embedded database
   * for seconds, while pages let other requests in between (each statement waits its turn).
   */
  async homeTotals(
    db: Queryable,
    homes: readonly { id: number; name: string }[],
    losses: LossConstants,
    pageSize: number,
  ): Promise<HomeTotals[]> {
    const byHome = new Map<number, Omit<HomeTotals, 'name'>>();
    for (let i = 0; i < homes.length; i += pageSize) {
      const ids = homes.slice(i, i + pageSize).map((h) => h.id);
      const starts = sql`SELECT home, terminal, true
        FROM (${homeStartsSql(sql`SELECT unnest(${bigints(ids)}::bigint[])`)}) st`;
      const walked = await db.rows<Omit<HomeTotals, 'name'>>(sql`
        SELECT seed::int AS "elementId",
               coalesce(sum("lengthM"), 0)::float8 AS "totalLengthM",
               coalesce(sum(loss1310), 0)::float8 AS loss1310,
               coalesce(sum(loss1550), 0)::float8 AS loss1550,
               CASE WHEN bool_or("terminalKind" = 'olt-port') THEN 'olt-port' ELSE 'open' END
                 AS "end",
               round(exp(coalesce(sum(ln(split_part(ratio, ':', 2)::float8))
                                  FILTER (WHERE kind = 'splitter'), 0)))::float8 AS split,
               max(step)::int AS steps, true AS fed
        FROM (${walkSql(starts, losses, { named: false })}) hop
        GROUP BY seed`);
      for (const w of walked) byHome.set(w.elementId, w);
    }
    return homes.map(({ id, name }) => ({
      name,
      ...(byHome.get(id) ?? {
        elementId: id,
        totalLengthM: 0,
        loss1310: 0,
        loss1550: 0,
        end: 'open' as const,
        split: 1,
        steps: 0,
        fed: false,
      }),
    }));
  },
};
