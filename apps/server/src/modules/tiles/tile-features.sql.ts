import { sql, type SQL } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  TILE_BUFFER,
  TILE_EXTENT,
  TILE_MIN_ZOOM,
  type ElementTypeName,
} from '@integration/contracts';
import type { TileId } from './tile-coordinates.ts';

/** Below this zoom a type's markers are thinned to one per cell of THIN_CELL tile units. */
export const THIN_BELOW = 16;
const THIN_CELL = 32;
/** Below this zoom cables shorter than MIN_CABLE_PIXELS are left out of a tile. */
export const SHORT_CABLES_BELOW = 14;
const MIN_CABLE_PIXELS = 6;
/** Metres per pixel of a 256-pixel tile at zoom 0, on the equator. */
const METRES_PER_PIXEL_Z0 = 156543.03;
/**
 * From this zoom a tile (10 km or less) finds its rows by the spatial index first, then keeps
 * its project's (the planner, left alone, read the tile's types in each of the project's
 * clusters): in a city of a million elements, 15 ms where that took 75 at zoom 13 (a tile's p95
 * 111 → 65–82 ms) and 3 ms a tile at zoom 16 (was 30). Wider tiles take the project's clusters'
 * rows first: there the spatial index brings most of the database (zoom 10: 135 ms, not 70).
 */
const SPATIAL_FIRST_FROM = 12;
/** Lines and outlines are simplified by this many tile units (a 512-pixel tile: half a pixel). */
const SIMPLIFY_UNITS = 4;

const POINT_TYPES = new Set<string>(
  ELEMENT_TYPES.filter((t) => t.geometry === 'point').map((t) => t.internalName),
);

/** Metres a cable must be long to be in a tile of this zoom (a few pixels at least). */
export const shortestCable = (z: number) =>
  z < SHORT_CABLES_BELOW ? (MIN_CABLE_PIXELS * METRES_PER_PIXEL_Z0) / 2 ** z : 0;

export const typesAtZoom = (z: number): ElementTypeName[] =>
  (Object.keys(TILE_MIN_ZOOM) as ElementTypeName[]).filter((t) => TILE_MIN_ZOOM[t] <= z);

/**
 * The features of one tile of a project, in tile coordinates (integers, y down, clipped to the
 * tile and its buffer, lines simplified, markers thinned below THIN_BELOW): one statement both
 * encoders read, so PostGIS's ST_AsMVT and the server's encoder (PGlite's PostGIS has no
 * protobuf) give the same features. Columns: fid, id, type, name, cluster, phase, capacity,
 * "cableType", color, pattern, geom.
 */
export function tileFeatures(projectId: number, { z, x, y }: TileId): SQL {
  const types = typesAtZoom(z);
  const points = types.filter((t) => POINT_TYPES.has(t));
  const others = types.filter((t) => !POINT_TYPES.has(t));
  const minCable = shortestCable(z);
  const thin = z < THIN_BELOW;
  // Note: raw, so that DISTINCT ON and ORDER BY read the very same expressions.
  const cell = sql.raw(`floor(ST_X(p.g) / ${THIN_CELL}), floor(ST_Y(p.g) / ${THIN_CELL})`);
  const wanted = sql`e.type IN (${sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  )})
    AND (e.type <> 'Cable' OR coalesce(e.length_m, ${minCable}) >= ${minCable})`;
  const columns = sql`e.id, e.type, e.name, e.cluster_id, c.project_phase, e.attributes, e.template_id,
             ST_Affine(ST_Transform(e.geom, 3857), t.s, 0, 0, -t.s, -t.x0 * t.s, t.y1 * t.s) AS g`;
  const low = -TILE_BUFFER;
  const high = TILE_EXTENT + TILE_BUFFER;
  return sql`
    WITH tile AS (
      SELECT ST_XMin(b) AS x0, ST_YMax(b) AS y1, ${TILE_EXTENT} / (ST_XMax(b) - ST_XMin(b)) AS s,
             ST_Transform(ST_Expand(b, (ST_XMax(b) - ST_XMin(b)) * ${TILE_BUFFER / TILE_EXTENT}), 4326) AS q
      FROM ST_TileEnvelope(${z}, ${x}, ${y}) AS b
    ), ${
      z >= SPATIAL_FIRST_FROM
        ? sql`near AS MATERIALIZED (
      SELECT e.* FROM tile t JOIN network_elements e ON e.geom && t.q
      WHERE e.deleted_at IS NULL AND ${wanted}
    ), picked AS (
      SELECT ${columns}
      FROM tile t, near e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id AND co.project_id = ${projectId}`
        : sql`picked AS (
      SELECT ${columns}
      FROM tile t
      JOIN central_offices co ON co.project_id = ${projectId}
      JOIN clusters c ON c.central_office_id = co.id
      JOIN network_elements e ON e.cluster_id = c.id
      WHERE e.deleted_at IS NULL AND e.geom && t.q AND ${wanted}`
    }
    ), shaped AS MATERIALIZED (
      (SELECT ${thin ? sql`DISTINCT ON (p.type, ${cell})` : sql``}
              p.id, p.type, p.name, p.cluster_id, p.project_phase, p.attributes, p.template_id,
              ST_SnapToGrid(p.g, 1) AS geom
       FROM picked p
       WHERE p.type IN (${sql.join(
         [...points, ''].map((type) => sql`${type}`),
         sql`, `,
       )})
       ORDER BY p.type, ${thin ? sql`${cell}, ` : sql``} p.id)
      UNION ALL
      SELECT p.id, p.type, p.name, p.cluster_id, p.project_phase, p.attributes, p.template_id,
             ST_ForcePolygonCCW(ST_RemoveRepeatedPoints(ST_SnapToGrid(ST_Simplify(
               CASE WHEN p.g @ ST_MakeEnvelope(${low}, ${low}, ${high}, ${high}) THEN p.g
                 -- Only what crosses the tile's edges is clipped (most short cables do not).
                 ELSE ST_CollectionExtract(ST_ClipByBox2D(p.g, ST_MakeEnvelope(${low}, ${low}, ${high}, ${high})::box2d),
                   CASE WHEN p.type = 'Zone' THEN 3 ELSE 2 END) END,
               ${z >= 16 ? 0 : SIMPLIFY_UNITS}, true), 1))) AS geom
      FROM picked p
      WHERE p.type IN (${sql.join(
        [...others, ''].map((type) => sql`${type}`),
        sql`, `,
      )})
    ), styles AS (
      -- The project's templates' colours, read once per tile rather than once per feature.
      SELECT tp.id, tp.style->>'color' AS color,
             (SELECT jsonb_object_agg(c->>'capacity', c->>'color')
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tp.style->'cables') = 'array'
                                             THEN tp.style->'cables' ELSE '[]' END) c) AS by_capacity,
             (SELECT jsonb_object_agg(s->>'type', s->>'pattern')
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tp.style->'lines') = 'array'
                                             THEN tp.style->'lines' ELSE '[]' END) s) AS by_type
      FROM element_templates tp
      WHERE tp.project_id = ${projectId} AND tp.type IN ('Cable', 'Zone')
    )
    SELECT f.id AS fid, f.id, f.type, f.name, f.cluster_id AS cluster, f.project_phase AS phase,
           l.capacity, l."cableType",
           CASE f.type
             WHEN 'Cable' THEN coalesce(st.by_capacity->>l.capacity, st.color, '#334155')
             WHEN 'Zone' THEN coalesce(st.color, '#0d9488')
           END AS color,
           CASE WHEN f.type = 'Cable' THEN coalesce(st.by_type->>l."cableType", 'solid') END AS pattern,
           f.geom
    FROM shaped f
    LEFT JOIN styles st ON st.id = f.template_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN f.type = 'Cable' THEN nullif(btrim(f.attributes->>'Capacity', '"'), '') END AS capacity,
             CASE WHEN f.type = 'Cable' THEN nullif(btrim(f.attributes->>'Type', '"'), '') END AS "cableType"
    ) l
    WHERE NOT ST_IsEmpty(f.geom)`;
}
