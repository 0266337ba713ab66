import { sql, type SQL } from 'drizzle-orm';
import {
  ATTACH_DISTANCE_M,
  TRACE_HOPS_MAX,
  type DesignThresholds,
  type LossConstants,
} from '@integration/contracts';

/**
 * The design checks of issue 27 as a DBA would write them by hand: one plain statement a rule,
 * each answering the problems it finds as rows (rule, code, severity, element), to be set beside
 * GET /design/clusters/{id}/problems. Same rules, same thresholds, same answers; nothing from
 * the server's repositories but what the rules are. Tuned as a DBA would after EXPLAIN on both
 * databases: spatial lookups kept on the spatial index (`around`), the cheap test before the
 * geodesic one, each hop's loss taken during the walk, long cables found over the cluster's
 * extent rather than around every home.
 */
export interface ReferenceProblem {
  rule: string;
  code: string;
  severity: 'error' | 'warning';
  id: number;
}

export interface ReferenceRule {
  /** What the breakdown calls it, after the service's query it answers for. */
  name: string;
  query: (clusterId: number, t: DesignThresholds, losses: LossConstants) => SQL;
}

const box = (metres: number) => (metres / 111_000) * 2 + 1e-7;
const NUMBER = '^[0-9]{1,9}(\\.[0-9]{1,6})?$';
const raw = (n: number) => sql.raw(String(n));

/**
 * The live elements around a point or line, by the spatial index alone: OFFSET 0 keeps the
 * lookup apart, since without statistics (PGlite never gathers any) the planner otherwise reads
 * every element of the types asked for through the (cluster, type) index, for every row.
 */
const around = (where: SQL, metres: number) => sql`(
  SELECT n.id, n.type, n.geom, n.cluster_id, n.length_m FROM network_elements n
  WHERE n.geom && ST_Expand(${where}, ${raw(box(metres))}) AND n.deleted_at IS NULL
  OFFSET 0)`;

/**
 * Loss budget, split ratio and continuity: every home's drop end, one recursive walk of all the
 * homes to their OLT port (the walk of the fibre trace: through a fibre, splitter or port, then
 * across a joint, never from a splitter's input back down another output, a deleted cable
 * carrying no light), each hop's loss taken as it is walked, the Loops' slack added per cable
 * from the Loops' side, summed per home and judged.
 */
const fibreRules = (c: number, t: DesignThresholds, losses: LossConstants) => {
  const tol = raw(ATTACH_DISTANCE_M);
  const near = raw(box(ATTACH_DISTANCE_M));
  const hopLoss = (nm: '1310' | '1550') => sql`
    CASE l.kind
      WHEN 'fibre' THEN coalesce(dc.length_m, 0) * l.share / 1000
                        * coalesce(cs.attenuation_${sql.raw(nm)}, ${raw(losses.fibreDbPerKm[nm])})
      WHEN 'splice' THEN coalesce(j.measured_loss_db, ${raw(losses.spliceDb)})
      WHEN 'connector' THEN coalesce(j.measured_loss_db, ${raw(losses.connectorDb)})
      WHEN 'splitter' THEN (${JSON.stringify(losses.splitterDb)}::jsonb ->> sp.ratio)::float8
      ELSE 0 END`;
  return sql`
  WITH RECURSIVE homes AS (
    SELECT id, geom FROM network_elements
    WHERE cluster_id = ${c} AND type IN ('SFU', 'Building') AND deleted_at IS NULL),
  -- Cable ends lying on a home: the end's box first, the geodesic distance then.
  ends AS MATERIALIZED (
    SELECT h.id AS home, d.id AS cable, e.fibre_end
    FROM homes h
    CROSS JOIN LATERAL ${around(sql`h.geom`, ATTACH_DISTANCE_M)} d
    CROSS JOIN LATERAL (VALUES ('a', ST_StartPoint(d.geom)), ('b', ST_EndPoint(d.geom))) e(fibre_end, at)
    WHERE d.type = 'Cable' AND e.at && ST_Expand(h.geom, ${near})
      AND ST_DWithin(e.at::geography, h.geom::geography, ${tol})),
  start AS (
    SELECT DISTINCT ON (e.home) e.home, t.id AS terminal
    FROM ends e
    JOIN fibres f ON f.cable_id = e.cable
    JOIN fibre_terminals t ON t.fibre_id = f.id AND t.fibre_end = e.fibre_end
    -- A drop whose other end is joined first.
    ORDER BY e.home,
      EXISTS (SELECT 1 FROM fibre_terminals o
              JOIN fibre_links l ON l.from_terminal = o.id AND l.joint_id IS NOT NULL
              WHERE o.fibre_id = f.id AND o.id <> t.id) DESC,
      e.cable, f.number),
  walk (home, terminal, tkind, via_joint, step, kind, cable, cluster, share, att1310, att1550,
        loss1310, loss1550, ratio) AS (
    SELECT s.home, s.terminal, 'fibre'::text, true, 0, 'start'::text, NULL::int, NULL::int,
           1::float8, 0::float8, 0::float8, 0::float8, 0::float8, NULL::text
    FROM start s
    UNION ALL
    SELECT w.home, l.to_terminal, nt.kind, l.joint_id IS NOT NULL, w.step + 1, l.kind, dc.id,
           dc.cluster_id, l.share,
           coalesce(cs.attenuation_1310, ${raw(losses.fibreDbPerKm['1310'])}),
           coalesce(cs.attenuation_1550, ${raw(losses.fibreDbPerKm['1550'])}),
           ${hopLoss('1310')}, ${hopLoss('1550')}, sp.ratio
    FROM walk w
    JOIN fibre_links l ON l.from_terminal = w.terminal AND (l.joint_id IS NOT NULL) <> w.via_joint
    JOIN fibre_terminals nt ON nt.id = l.to_terminal
    LEFT JOIN fibres df ON df.id = nt.fibre_id AND l.kind = 'fibre'
    LEFT JOIN network_elements dc ON dc.id = df.cable_id
    LEFT JOIN fibre_cables fc ON fc.element_id = dc.id
    LEFT JOIN cable_specs cs ON cs.id = fc.spec_id
    LEFT JOIN fibre_joints j ON j.id = l.joint_id
    LEFT JOIN fibre_splitters sp ON sp.id = nt.splitter_id AND l.kind = 'splitter'
    WHERE w.step < ${raw(TRACE_HOPS_MAX)} AND NOT (w.tkind = 'splitter-in' AND l.kind = 'splitter')
      AND dc.deleted_at IS NULL),
  -- Slack: each Loop's Length on the cables of its cluster within reach.
  slack AS (
    SELECT d.id, sum(btrim(lp.attributes->>'Length', '"')::float8) AS m
    FROM network_elements lp
    CROSS JOIN LATERAL ${around(sql`lp.geom`, ATTACH_DISTANCE_M)} d
    WHERE lp.type = 'Loop' AND lp.deleted_at IS NULL
      AND d.type = 'Cable' AND d.cluster_id = lp.cluster_id
      AND lp.cluster_id IN (SELECT cluster FROM walk WHERE kind = 'fibre')
      AND octet_length(btrim(lp.attributes->>'Length', '"')) <= 12
      AND btrim(lp.attributes->>'Length', '"') ~ '^[0-9]+(\\.[0-9]+)?$'
      AND ST_DWithin(lp.geom::geography, d.geom::geography, ${tol})
    GROUP BY d.id),
  per_home AS (
    SELECT w.home, max(w.step) AS steps, bool_or(w.tkind = 'olt-port') AS lit,
           round(exp(coalesce(sum(ln(split_part(w.ratio, ':', 2)::float8))
                              FILTER (WHERE w.kind = 'splitter'), 0))) AS split,
           greatest(sum(w.loss1310 + coalesce(s.m, 0) * w.share / 1000 * w.att1310),
                    sum(w.loss1550 + coalesce(s.m, 0) * w.share / 1000 * w.att1550)) AS worst
    FROM walk w LEFT JOIN slack s ON s.id = w.cable AND w.kind = 'fibre'
    GROUP BY w.home),
  judged AS (
    SELECT h.id, p.home IS NOT NULL AS fed, p.steps >= ${raw(TRACE_HOPS_MAX)} AS loops, p.lit,
           p.worst, p.split
    FROM homes h LEFT JOIN per_home p ON p.home = h.id)
  SELECT 'continuity' AS rule, 'homeNoDrop' AS code, 'warning' AS severity, id FROM judged
  WHERE NOT fed AND EXISTS (SELECT 1 FROM per_home)
  UNION ALL
  SELECT 'continuity', 'pathLoops', 'error', id FROM judged WHERE fed AND loops
  UNION ALL
  SELECT 'continuity', 'homeNotLit', 'error', id FROM judged WHERE fed AND NOT loops AND NOT lit
  UNION ALL
  SELECT 'lossBudget', CASE WHEN worst > ${raw(losses.budgetDb)} THEN 'overBudget' ELSE 'nearBudget' END,
         CASE WHEN worst > ${raw(losses.budgetDb)} THEN 'error' ELSE 'warning' END, id
  FROM judged WHERE fed AND NOT loops AND lit AND worst > ${raw(losses.budgetDb * t.budgetWarnShare)}
  UNION ALL
  SELECT 'splitRatio', 'splitTooDeep', 'error', id FROM judged
  WHERE fed AND NOT loops AND split > ${raw(t.maxSplit)}`;
};

/**
 * Drops longer than allowed: the long cables over the cluster's homes (one look in the spatial
 * index for the homes' extent), with an end on one of them.
 */
const dropLength = (c: number, t: DesignThresholds) => sql`
  WITH area AS (
    SELECT ST_Expand(ST_Extent(geom)::geometry, ${raw(box(t.endToleranceM))}) AS g
    FROM network_elements
    WHERE cluster_id = ${c} AND type IN ('SFU', 'Building') AND deleted_at IS NULL)
  SELECT DISTINCT 'dropLength' AS rule, 'dropTooLong' AS code, 'error' AS severity, d.id, h.id AS home
  FROM area
  JOIN network_elements d ON d.geom && area.g AND d.type = 'Cable' AND d.deleted_at IS NULL
    AND d.length_m > ${raw(t.dropMaxM)}
  CROSS JOIN LATERAL (VALUES (ST_StartPoint(d.geom)), (ST_EndPoint(d.geom))) e(at)
  CROSS JOIN LATERAL ${around(sql`e.at`, t.endToleranceM)} h
  WHERE h.cluster_id = ${c} AND h.type IN ('SFU', 'Building')
    AND ST_DWithin(e.at::geography, h.geom::geography, ${raw(t.endToleranceM)})`;

/** PBO-FATs: ports used (splitter outputs joined onward, else the users listed) over Capacity. */
const pboSaturation = (c: number, t: DesignThresholds) => sql`
  WITH pbo AS (
    SELECT e.id, e.attributes,
           CASE WHEN btrim(e.attributes->>'Capacity', '"') ~ ${NUMBER}
                THEN btrim(e.attributes->>'Capacity', '"')::float8 END AS ports
    FROM network_elements e
    WHERE e.cluster_id = ${c} AND e.type = 'PboFat' AND e.deleted_at IS NULL),
  spliced AS (
    SELECT s.element_id AS id, count(l.from_terminal) AS used
    FROM pbo JOIN fibre_splitters s ON s.element_id = pbo.id
    JOIN fibre_terminals o ON o.splitter_id = s.id AND o.kind = 'splitter-out'
    LEFT JOIN fibre_links l ON l.from_terminal = o.id AND l.joint_id IS NOT NULL
    GROUP BY s.element_id),
  used AS (
    SELECT pbo.id, pbo.ports,
           coalesce(spliced.used,
                    CASE WHEN left(ltrim(pbo.attributes->>'FAT Existing Users ID'), 1) = '['
                         THEN jsonb_array_length((pbo.attributes->>'FAT Existing Users ID')::jsonb) END,
                    0) AS used
    FROM pbo LEFT JOIN spliced ON spliced.id = pbo.id)
  SELECT 'pboSaturation' AS rule,
         CASE WHEN used > ports THEN 'pboFull' ELSE 'pboNearlyFull' END AS code,
         CASE WHEN used > ports THEN 'error' ELSE 'warning' END AS severity, id
  FROM used WHERE ports > 0 AND used > ports * ${raw(t.pboWarnShare)}`;

/**
 * Cable fill: fibres used (an end joined, unless faulty), reserved and free per cable; over the
 * Capacity is an error, too few spare a warning on cables that are not drops (no home at an end).
 */
const cableFill = (c: number, t: DesignThresholds) => sql`
  WITH fill AS (
    SELECT e.id, e.geom,
           CASE WHEN btrim(e.attributes->>'Capacity', '"') ~ ${NUMBER}
                THEN btrim(e.attributes->>'Capacity', '"')::float8 END AS capacity,
           count(*) AS fibres,
           count(*) FILTER (WHERE f.status <> 'faulty' AND joined) AS used,
           count(*) FILTER (WHERE f.status = 'reserved' AND NOT joined) AS reserved,
           count(*) FILTER (WHERE f.status = 'free' AND NOT joined) AS free
    FROM network_elements e
    JOIN fibres f ON f.cable_id = e.id
    -- Joined: a joint on either end, by the terminals' and links' indexes.
    CROSS JOIN LATERAL (
      SELECT count(*) > 0 AS joined FROM (
        SELECT 1 FROM fibre_terminals ft
        JOIN fibre_links fl ON fl.from_terminal = ft.id AND fl.joint_id IS NOT NULL
        WHERE ft.fibre_id = f.id LIMIT 1) j) u
    WHERE e.cluster_id = ${c} AND e.type = 'Cable' AND e.deleted_at IS NULL
    GROUP BY e.id)
  SELECT 'cableFill' AS rule,
         CASE WHEN capacity IS NOT NULL AND used + reserved > capacity THEN 'cableOverfilled'
              ELSE 'cableNoSpare' END AS code,
         CASE WHEN capacity IS NOT NULL AND used + reserved > capacity THEN 'error'
              ELSE 'warning' END AS severity, id
  FROM fill
  WHERE (capacity IS NOT NULL AND used + reserved > capacity)
     OR (free < fibres * ${raw(t.spareShare)}
         AND NOT EXISTS (
           SELECT 1 FROM (VALUES (ST_StartPoint(fill.geom)), (ST_EndPoint(fill.geom))) p(at)
           CROSS JOIN LATERAL ${around(sql`p.at`, t.endToleranceM)} h
           WHERE h.type IN ('SFU', 'Building')
             AND ST_DWithin(p.at::geography, h.geom::geography, ${raw(t.endToleranceM)})))`;

/** Trays holding more splices than they take. */
const trayCapacity = (c: number) => sql`
  SELECT 'trayCapacity' AS rule, 'trayFull' AS code, 'error' AS severity, e.id
  FROM fibre_trays tr
  JOIN network_elements e ON e.id = tr.element_id
  JOIN fibre_joints j ON j.tray_id = tr.id
  WHERE e.cluster_id = ${c} AND e.deleted_at IS NULL
  GROUP BY e.id, tr.id, tr.capacity
  HAVING count(*) > tr.capacity`;

/** Cable ends on no enclosure, home or central office. */
const looseEnds = (c: number, t: DesignThresholds) => sql`
  SELECT 'geometry' AS rule,
         CASE p.end_ WHEN 'a' THEN 'cableStartLoose' ELSE 'cableEndLoose' END AS code,
         'warning' AS severity, e.id
  FROM network_elements e
  CROSS JOIN LATERAL (VALUES ('a', ST_StartPoint(e.geom)), ('b', ST_EndPoint(e.geom))) p(end_, at)
  WHERE e.cluster_id = ${c} AND e.type = 'Cable' AND e.deleted_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM ${around(sql`p.at`, t.endToleranceM)} n
      WHERE n.type IN ('SpliceClosure', 'PboFat', 'FDTSRO', 'SFU', 'Building')
        AND ST_DWithin(p.at::geography, n.geom::geography, ${raw(t.endToleranceM)}))
    AND NOT EXISTS (
      SELECT 1 FROM central_offices o
      WHERE o.location && ST_Expand(p.at, ${raw(box(t.endToleranceM))})
        AND ST_DWithin(p.at::geography, o.location::geography, ${raw(t.endToleranceM)}))`;

/** Elements outside every zone of their cluster (where it has zones). */
const outsideZones = (c: number) => sql`
  WITH zones AS (
    SELECT geom FROM network_elements
    WHERE cluster_id = ${c} AND type = 'Zone' AND deleted_at IS NULL
      AND GeometryType(geom) IN ('POLYGON', 'MULTIPOLYGON'))
  SELECT 'geometry' AS rule, 'outsideZone' AS code, 'warning' AS severity, e.id
  FROM network_elements e
  WHERE e.cluster_id = ${c} AND e.type <> 'Zone' AND e.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM zones)
    AND NOT EXISTS (SELECT 1 FROM zones z WHERE ST_Covers(z.geom, e.geom))`;

/** Zones of the cluster overlapping one another. */
const overlappingZones = (c: number) => sql`
  SELECT 'geometry' AS rule, 'zonesOverlap' AS code, 'error' AS severity, x.id
  FROM network_elements x
  JOIN network_elements y ON y.cluster_id = x.cluster_id AND y.type = 'Zone'
    AND y.deleted_at IS NULL AND y.id > x.id AND x.geom && y.geom
  WHERE x.cluster_id = ${c} AND x.type = 'Zone' AND x.deleted_at IS NULL
    AND ST_Overlaps(x.geom, y.geom)`;

/** Cables whose stored Length strays from their geodesic length. */
const wrongLengths = (c: number, t: DesignThresholds) => sql`
  SELECT 'geometry' AS rule, 'lengthMismatch' AS code, 'warning' AS severity, id
  FROM network_elements
  WHERE cluster_id = ${c} AND type = 'Cable' AND deleted_at IS NULL AND length_m IS NOT NULL
    AND abs(length_m - ST_Length(geom::geography)) > ${raw(t.lengthTolerance)} * ST_Length(geom::geography)`;

/** Required attributes of the template left empty: the project's required names once. */
const completeness = (c: number) => sql`
  WITH required AS MATERIALIZED (
    SELECT t.id AS template_id, a.def->>'name' AS name
    FROM element_templates t
    CROSS JOIN LATERAL jsonb_array_elements(t.attributes) a(def)
    WHERE t.project_id = (SELECT co.project_id FROM clusters cl
                          JOIN central_offices co ON co.id = cl.central_office_id
                          WHERE cl.id = ${c})
      AND (a.def->>'required')::boolean AND NOT coalesce((a.def->>'derived')::boolean, false))
  SELECT DISTINCT 'completeness' AS rule, 'attributesMissing' AS code, 'warning' AS severity, e.id
  FROM network_elements e JOIN required r ON r.template_id = e.template_id
  WHERE e.cluster_id = ${c} AND e.deleted_at IS NULL
    AND coalesce(btrim(e.attributes->>r.name, '" '), '') = ''`;

/** In the order the service runs its queries; names after the service's queries. */
export const REFERENCE_RULES: ReferenceRule[] = [
  { name: 'loss budget, split, continuity (homeTotals)', query: fibreRules },
  { name: 'drop length (longDrops)', query: dropLength },
  { name: 'PBO-FAT saturation (fullPbos)', query: pboSaturation },
  { name: 'cable fill (cableFill)', query: cableFill },
  { name: 'tray capacity (fullTrays)', query: (c) => trayCapacity(c) },
  { name: 'geometry: loose ends (looseEnds)', query: looseEnds },
  { name: 'geometry: outside zones (outsideZones)', query: (c) => outsideZones(c) },
  { name: 'geometry: zones overlap (overlappingZones)', query: (c) => overlappingZones(c) },
  { name: 'geometry: lengths (wrongLengths)', query: wrongLengths },
  { name: 'completeness (missingAttributes)', query: (c) => completeness(c) },
];
