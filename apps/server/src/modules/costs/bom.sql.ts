import { sql, type SQL } from 'drizzle-orm';
import { ATTACH_DISTANCE_M } from '@integration/contracts';
import { HOME_SPLICED_ON } from '../fibre/fibre-figures.sql.ts';

/** Where a bill counts: a project, or one of its central offices or clusters. */
export interface BomScope {
  projectId: number;
  centralOfficeId: number | null;
  clusterId: number | null;
}

/** Degrees around a geometry that surely hold everything within `metres` of it. */
const boxDeg = (metres: number) => (metres / 111_000) * 2 + 1e-7;
const NUMBER = '^[0-9]{1,9}(\\.[0-9]{1,6})?$';

/**
 * Status words that say an element is built, in the languages planners type them. An element
 * whose Status attribute holds one is built even in a cluster still In-Progress.
 */
const BUILT_STATUSES = [
  'built',
  'as-built',
  'as built',
  'installed',
  'in service',
  'construit',
  'installé',
  'posé',
  'en service',
];

/** The clusters a bill counts: the scope's, but for those Cancelled (nothing will be spent). */
function clustersIn(scope: BomScope): SQL {
  return sql`
    SELECT c.id, c.project_phase = 'Completed' AS done
    FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE co.project_id = ${scope.projectId} AND c.project_phase <> 'Cancelled'
      ${scope.centralOfficeId !== null ? sql`AND co.id = ${scope.centralOfficeId}` : sql``}
      ${scope.clusterId !== null ? sql`AND c.id = ${scope.clusterId}` : sql``}`;
}

/** Central-office equipment (splitters and joints of the CO itself) counts at CO or project scope. */
function officesIn(scope: BomScope): SQL {
  if (scope.clusterId !== null) return sql`SELECT NULL::integer AS id WHERE false`;
  return sql`
    SELECT co.id FROM central_offices co
    WHERE co.project_id = ${scope.projectId}
      ${scope.centralOfficeId !== null ? sql`AND co.id = ${scope.centralOfficeId}` : sql``}`;
}

const PLACEMENTS = sql.raw(`('aerial', 'underground', 'facade')`);
const text = (column: string) => sql.raw(`btrim(e.attributes->>'${column}', '"')`);

/**
 * The bill's quantities, one row per cluster (NULL: the CO's own equipment), item, spec,
 * placement and built flag, each with its unit price from the project's price book (NULL where
 * it has none). Shared by the bill (`GET /design/bom`) and the reports' cost figures.
 *
 * - Cable metres: each cable's Length plus the slack of the Loops lying on it (within
 *   ATTACH_DISTANCE_M, as the trace counts it; a Loop near two cables counts on the nearest).
 * - A cable's placement: its spec's, else its Placement attribute, else what it runs along
 *   (more poles than manholes on its line: aerial; manholes: underground), else its PBO-FAT's
 *   Type (a drop), else underground.
 * - A cable's spec: its Capacity, else its fibre count.
 * - Trench: the underground cables of a cluster as one network (cables sharing a route count it
 *   once); labour: metres pulled (underground) or hung (aerial, facade), and each splice.
 */
export function bomLinesSql(scope: BomScope): SQL {
  const box = boxDeg(ATTACH_DISTANCE_M);
  return sql`
    WITH scope AS (${clustersIn(scope)}),
    -- OFFSET 0: the scope's elements once, by the cluster index, whatever the planner guesses.
    els AS (
      SELECT e.id, e.cluster_id, e.type, e.geom, e.length_m, e.attributes,
             (s.done OR lower(${text('Status')}) IN (${sql.join(
               BUILT_STATUSES.map((w) => sql`${w}`),
               sql`, `,
             )})) AS built
      FROM scope s JOIN network_elements e ON e.cluster_id = s.id AND e.deleted_at IS NULL
      OFFSET 0
    ),
    cables AS (
      SELECT e.id, e.cluster_id, e.built, e.geom, coalesce(e.length_m, 0) AS length_m,
             -- Its Capacity, else the fibres it was made with (a drop has no Capacity).
             coalesce(nullif(${text('Capacity')}, ''), fc.fibre_count::text, '') AS spec,
             coalesce(
               sp.placement,
               CASE WHEN lower(${text('Placement')}) IN ${PLACEMENTS}
                    THEN lower(${text('Placement')}) END,
               CASE WHEN along.poles > along.manholes THEN 'aerial'
                    WHEN along.manholes > 0 THEN 'underground' END,
               pbo.placement,
               'underground'
             ) AS placement
      FROM els e
      LEFT JOIN fibre_cables fc ON fc.element_id = e.id
      LEFT JOIN cable_specs sp ON sp.id = fc.spec_id
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE n.type = 'Pole') AS poles,
               count(*) FILTER (WHERE n.type = 'Manhole') AS manholes
        FROM (SELECT n.type, n.geom, n.cluster_id FROM network_elements n
              WHERE n.geom && ST_Expand(e.geom, ${box}) AND n.deleted_at IS NULL
              OFFSET 0) n
        WHERE n.type IN ('Pole', 'Manhole') AND n.cluster_id = e.cluster_id
          AND ST_DWithin(n.geom::geography, e.geom::geography, ${ATTACH_DISTANCE_M})
      ) along ON TRUE
      -- Along nothing: a drop hangs, runs on a facade or is buried as its PBO-FAT is (its Type).
      LEFT JOIN LATERAL (
        SELECT lower(btrim(p.attributes->>'Type', '"')) AS placement
        FROM (SELECT p.type, p.attributes, p.geom FROM network_elements p
              WHERE along.poles = 0 AND along.manholes = 0
                AND p.geom && ST_Expand(e.geom, ${box}) AND p.deleted_at IS NULL OFFSET 0) p
        WHERE p.type = 'PboFat' AND lower(btrim(p.attributes->>'Type', '"')) IN ${PLACEMENTS}
          AND (ST_DWithin(p.geom::geography, ST_StartPoint(e.geom)::geography, ${ATTACH_DISTANCE_M})
            OR ST_DWithin(p.geom::geography, ST_EndPoint(e.geom)::geography, ${ATTACH_DISTANCE_M}))
        LIMIT 1
      ) pbo ON TRUE
      WHERE e.type = 'Cable'
    ),
    slack AS (
      SELECT near.id AS cable_id, sum(lp.m) AS m
      FROM (SELECT e.geom, e.cluster_id, ${text('Length')}::float8 AS m FROM els e
            WHERE e.type = 'Loop' AND octet_length(${text('Length')}) <= 17
              AND ${text('Length')} ~ ${NUMBER}) lp
      CROSS JOIN LATERAL (
        SELECT c.id FROM (SELECT c.id, c.type, c.geom, c.cluster_id FROM network_elements c
                          WHERE c.geom && ST_Expand(lp.geom, ${box}) AND c.deleted_at IS NULL
                          OFFSET 0) c
        WHERE c.type = 'Cable' AND c.cluster_id = lp.cluster_id
          AND ST_DWithin(c.geom::geography, lp.geom::geography, ${ATTACH_DISTANCE_M})
        ORDER BY ST_Distance(c.geom::geography, lp.geom::geography), c.id
        LIMIT 1) near
      GROUP BY near.id
    ),
    laid AS (
      SELECT c.*, c.length_m + coalesce(s.m, 0) AS metres
      FROM cables c LEFT JOIN slack s ON s.cable_id = c.id
    ),
    joints AS (
      SELECT e.cluster_id, e.built, j.kind FROM els e JOIN fibre_joints j ON j.element_id = e.id
      UNION ALL
      SELECT NULL, false, j.kind FROM (${officesIn(scope)}) o
      JOIN fibre_joints j ON j.central_office_id = o.id
    ),
    splitters AS (
      SELECT e.cluster_id, e.built, s.ratio FROM els e JOIN fibre_splitters s ON s.element_id = e.id
      UNION ALL
      SELECT NULL, false, s.ratio FROM (${officesIn(scope)}) o
      JOIN fibre_splitters s ON s.central_office_id = o.id
    ),
    lines (cluster_id, item, spec, placement, unit, built, quantity) AS (
      SELECT cluster_id, 'cable', spec, placement, 'm', built, sum(metres) FROM laid
      GROUP BY cluster_id, spec, placement, built
      UNION ALL
      SELECT cluster_id, CASE WHEN placement = 'underground' THEN 'labourPull' ELSE 'labourHang' END,
             '', '', 'm', built, sum(metres) FROM laid
      GROUP BY cluster_id, 2, built
      UNION ALL
      SELECT cluster_id, 'trench', '', '', 'm', built, ST_Length(ST_Union(geom)::geography)
      FROM laid WHERE placement = 'underground' GROUP BY cluster_id, built
      UNION ALL
      SELECT e.cluster_id,
             CASE e.type WHEN 'SpliceClosure' THEN 'closure' WHEN 'PboFat' THEN 'pboFat'
                         ELSE 'fdtSro' END,
             coalesce(${text('Capacity')}, ''), '', 'each', e.built, count(*)
      FROM els e WHERE e.type IN ('SpliceClosure', 'PboFat', 'FDTSRO')
      GROUP BY 1, 2, 3, e.built
      UNION ALL
      SELECT e.cluster_id, 'pole',
             CASE WHEN coalesce(${text('Owner')}, '') <> '' THEN 'existing' ELSE 'new' END,
             '', 'each', e.built, count(*)
      FROM els e WHERE e.type = 'Pole' GROUP BY 1, 3, e.built
      UNION ALL
      SELECT cluster_id, kind, '', '', 'each', built, count(*) FROM joints
      GROUP BY cluster_id, kind, built
      UNION ALL
      SELECT cluster_id, 'labourSplice', '', '', 'each', built, count(*) FROM joints
      WHERE kind = 'splice' GROUP BY cluster_id, built
      UNION ALL
      SELECT cluster_id, 'splitter', ratio, '', 'each', built, count(*) FROM splitters
      GROUP BY cluster_id, ratio, built
    )
    SELECT l.cluster_id, l.item, l.spec, l.placement, l.unit, l.built,
           l.quantity::float8 AS quantity, price.unit_price::float8 AS unit_price
    FROM lines l
    -- The most precise price: spec and placement, spec, placement, then the item's own.
    LEFT JOIN LATERAL (
      SELECT pe.unit_price FROM price_book_entries pe
      WHERE pe.project_id = ${scope.projectId} AND pe.item = l.item
        AND pe.spec IN (l.spec, '') AND pe.placement IN (l.placement, '')
      ORDER BY pe.spec = '', pe.placement = ''
      LIMIT 1
    ) price ON TRUE`;
}

/**
 * Each cluster's cost and what of it is built (the reports' cost figures): each line's quantity
 * rounded as the bill shows it (metres to the decimetre), so that a cluster's figure is its
 * bill's total to the cent.
 */
export function bomCostsSql(scope: BomScope): SQL {
  return sql`
    SELECT cluster_id, sum(total) AS cost, coalesce(sum(total) FILTER (WHERE built), 0) AS built
    FROM (SELECT cluster_id, built,
                 round(round(quantity::numeric, CASE unit WHEN 'm' THEN 1 ELSE 0 END)
                       * unit_price::numeric, 2)::float8 AS total
          FROM (${bomLinesSql(scope)}) l
          WHERE cluster_id IS NOT NULL) l
    GROUP BY cluster_id`;
}

/** Homes of the scope's clusters: passed (every SFU and Building) and connected (spliced on). */
export function bomHomesSql(scope: BomScope): SQL {
  return sql`
    SELECT h.cluster_id, count(*)::int AS passed,
           count(*) FILTER (WHERE ${sql.raw(HOME_SPLICED_ON)})::int AS connected
    FROM (${clustersIn(scope)}) s
    JOIN network_elements h ON h.cluster_id = s.id AND h.deleted_at IS NULL
    WHERE h.type IN ('SFU', 'Building')
    GROUP BY h.cluster_id`;
}
