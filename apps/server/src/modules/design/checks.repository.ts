import { sql, type SQL } from 'drizzle-orm';
import type { DesignThresholds } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { FIBRE_STATE, PBO_USERS_FROM_SPLICES } from '../fibre/fibre-figures.sql.ts';

/** Degrees around a point that surely hold everything within `metres` of it (near the equator). */
const boxDeg = (metres: number) => (metres / 111_000) * 2 + 1e-7;
const NUMBER = '^[0-9]{1,9}(\\.[0-9]{1,6})?$';

/**
 * The live elements around a point, found by the spatial index alone (OFFSET 0 keeps the
 * subquery apart): with the type in the same scan, the embedded database, which has no
 * statistics, read every element of those types through the (cluster, type) index instead.
 */
const near = (point: SQL, metres: number) => sql`(
  SELECT n.id, n.type, n.geom FROM network_elements n
  WHERE n.geom && ST_Expand(${point}, ${boxDeg(metres)}) AND n.deleted_at IS NULL
  OFFSET 0)`;

export interface Named {
  id: number;
  name: string;
}

/**
 * The design checks' SQL (issue 27), one query a rule or check, each over one cluster's live
 * elements, answering what its message names. The rules and messages are in design.service.ts.
 */
export const checksRepository = {
  /**
   * Drops longer than allowed: cables with an end on a home of the cluster. The long cables
   * first (few), around the cluster's homes, then their ends against the homes by the spatial
   * index: starting from every home and every cable near it was 15× slower (issue 27's bench).
   */
  async longDrops(db: Queryable, clusterId: number, t: DesignThresholds) {
    return db.rows<{
      id: number;
      name: string;
      lengthM: number;
      homeId: number;
      homeName: string;
    }>(sql`
      WITH area AS (
        SELECT ST_Expand(ST_Extent(geom)::geometry, ${boxDeg(t.endToleranceM)}) AS g
        FROM network_elements
        WHERE cluster_id = ${clusterId} AND type IN ('SFU', 'Building') AND deleted_at IS NULL)
      SELECT DISTINCT d.id, d.name, round(d.length_m::numeric, 1)::float8 AS "lengthM",
             h.id AS "homeId", h.name AS "homeName", d.length_m
      FROM area
      JOIN network_elements d ON d.geom && area.g AND d.type = 'Cable'
        AND d.deleted_at IS NULL AND d.length_m > ${t.dropMaxM}
      CROSS JOIN LATERAL (VALUES (ST_StartPoint(d.geom)), (ST_EndPoint(d.geom))) e(at)
      CROSS JOIN LATERAL (
        SELECT h.id, h.name, h.type, h.cluster_id, h.geom FROM network_elements h
        WHERE h.geom && ST_Expand(e.at, ${boxDeg(t.endToleranceM)}) AND h.deleted_at IS NULL
        OFFSET 0) h
      WHERE h.cluster_id = ${clusterId} AND h.type IN ('SFU', 'Building')
        AND ST_DWithin(e.at::geography, h.geom::geography, ${t.endToleranceM})
      ORDER BY d.length_m DESC, d.id`);
  },

  /** PBO-FATs whose ports used exceed the warning share of their Capacity. */
  async fullPbos(db: Queryable, clusterId: number, t: DesignThresholds) {
    return db.rows<{ id: number; name: string; used: number; ports: number }>(sql`
      SELECT e.id, e.name, u.used, c.ports FROM network_elements e
      CROSS JOIN LATERAL (SELECT btrim(e.attributes->>'Capacity', '"') AS text) raw
      CROSS JOIN LATERAL (SELECT CASE WHEN raw.text ~ ${NUMBER} THEN raw.text::float8 END AS ports) c
      CROSS JOIN LATERAL (
        SELECT coalesce(${sql.raw(PBO_USERS_FROM_SPLICES)},
                        (SELECT jsonb_array_length((e.attributes->>'FAT Existing Users ID')::jsonb)
                         WHERE left(ltrim(e.attributes->>'FAT Existing Users ID'), 1) = '['),
                        0)::int AS used) u
      WHERE e.cluster_id = ${clusterId} AND e.type = 'PboFat' AND e.deleted_at IS NULL
        AND c.ports > 0 AND u.used > c.ports * ${t.pboWarnShare}
      ORDER BY u.used / c.ports DESC, e.id`);
  },

  /**
   * Cables' fibres by state, where their fibres exist: the ones overfilled (used and reserved
   * above the Capacity drawn) or short of spare fibres (feeders and distribution: not drops).
   */
  async cableFill(db: Queryable, clusterId: number, t: DesignThresholds) {
    return db.rows<{
      id: number;
      name: string;
      fibres: number;
      capacity: number | null;
      used: number;
      reserved: number;
      free: number;
      drop: boolean;
    }>(sql`
      WITH cables AS (
        SELECT e.id, e.name, e.geom,
               CASE WHEN btrim(e.attributes->>'Capacity', '"') ~ ${NUMBER}
                    THEN btrim(e.attributes->>'Capacity', '"')::float8 END AS capacity
        FROM network_elements e
        WHERE e.cluster_id = ${clusterId} AND e.type = 'Cable' AND e.deleted_at IS NULL),
      states AS (
        SELECT c.id, ${sql.raw(FIBRE_STATE)} AS state
        FROM cables c JOIN fibres f ON f.cable_id = c.id)
      SELECT c.id, c.name, c.capacity, count(*)::int AS fibres,
             count(*) FILTER (WHERE s.state = 'used')::int AS used,
             count(*) FILTER (WHERE s.state = 'reserved')::int AS reserved,
             count(*) FILTER (WHERE s.state = 'free')::int AS free,
             EXISTS (SELECT 1 FROM ${near(sql`ST_StartPoint(c.geom)`, t.endToleranceM)} h
                     WHERE h.type IN ('SFU', 'Building')
                       AND ST_DWithin(ST_StartPoint(c.geom)::geography, h.geom::geography,
                                      ${t.endToleranceM})
                     UNION ALL
                     SELECT 1 FROM ${near(sql`ST_EndPoint(c.geom)`, t.endToleranceM)} h
                     WHERE h.type IN ('SFU', 'Building')
                       AND ST_DWithin(ST_EndPoint(c.geom)::geography, h.geom::geography,
                                      ${t.endToleranceM})) AS drop
      FROM cables c JOIN states s ON s.id = c.id
      GROUP BY c.id, c.name, c.capacity, c.geom
      ORDER BY c.id`);
  },

  /** Trays holding more splices than they take. */
  async fullTrays(db: Queryable, clusterId: number) {
    return db.rows<{
      id: number;
      name: string;
      tray: number;
      splices: number;
      capacity: number;
    }>(sql`
      SELECT e.id, e.name, tr.number AS tray, count(j.id)::int AS splices, tr.capacity
      FROM fibre_trays tr
      JOIN network_elements e ON e.id = tr.element_id
      JOIN fibre_joints j ON j.tray_id = tr.id
      WHERE e.cluster_id = ${clusterId} AND e.deleted_at IS NULL
      GROUP BY e.id, e.name, tr.id, tr.number, tr.capacity
      HAVING count(j.id) > tr.capacity
      ORDER BY e.id, tr.number`);
  },

  /** Cable ends lying on no enclosure, home or central office. */
  async looseEnds(db: Queryable, clusterId: number, t: DesignThresholds) {
    // One query an end: a CASE around the two would hide the spatial index from the planner.
    const loose = (end: 'StartPoint' | 'EndPoint') => sql`
      SELECT c.id, c.name, ${end === 'StartPoint' ? 'a' : 'b'} AS "end"
      FROM network_elements c
      WHERE c.cluster_id = ${clusterId} AND c.type = 'Cable' AND c.deleted_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM ${near(sql.raw(`ST_${end}(c.geom)`), t.endToleranceM)} p
          WHERE p.type IN ('SpliceClosure', 'PboFat', 'FDTSRO', 'SFU', 'Building')
            AND ST_DWithin(ST_${sql.raw(end)}(c.geom)::geography, p.geom::geography,
                           ${t.endToleranceM}))
        AND NOT EXISTS (
          SELECT 1 FROM central_offices o
          WHERE o.location IS NOT NULL
            AND ST_DWithin(ST_${sql.raw(end)}(c.geom)::geography, o.location::geography,
                           ${t.endToleranceM}))`;
    return db.rows<{ id: number; name: string; end: 'a' | 'b' }>(sql`
      SELECT * FROM (${loose('StartPoint')} UNION ALL ${loose('EndPoint')}) ends
      ORDER BY id, "end"`);
  },

  /** Elements lying outside every zone of their cluster (where the cluster has zones). */
  async outsideZones(db: Queryable, clusterId: number) {
    return db.rows<Named & { type: string }>(sql`
      WITH zones AS (
        SELECT geom FROM network_elements
        WHERE cluster_id = ${clusterId} AND type = 'Zone' AND deleted_at IS NULL
          AND GeometryType(geom) IN ('POLYGON', 'MULTIPOLYGON'))
      SELECT e.id, e.name, e.type FROM network_elements e
      WHERE e.cluster_id = ${clusterId} AND e.type <> 'Zone' AND e.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM zones)
        AND NOT EXISTS (SELECT 1 FROM zones z WHERE ST_Covers(z.geom, e.geom))
      ORDER BY e.id`);
  },

  /** Zones of the cluster overlapping one another, with the area they share. */
  async overlappingZones(db: Queryable, clusterId: number) {
    return db.rows<{ a: number; aName: string; b: number; bName: string; squareM: number }>(sql`
      SELECT x.id AS a, x.name AS "aName", y.id AS b, y.name AS "bName",
             round(ST_Area(ST_Intersection(x.geom, y.geom)::geography)::numeric)::float8
               AS "squareM"
      FROM network_elements x
      JOIN network_elements y ON y.cluster_id = x.cluster_id AND y.type = 'Zone'
        AND y.deleted_at IS NULL AND y.id > x.id AND x.geom && y.geom
      WHERE x.cluster_id = ${clusterId} AND x.type = 'Zone' AND x.deleted_at IS NULL
        AND ST_Overlaps(x.geom, y.geom)
      ORDER BY x.id, y.id`);
  },

  /** Cables whose stored Length strays from their geodesic length. */
  async wrongLengths(db: Queryable, clusterId: number, t: DesignThresholds) {
    return db.rows<{ id: number; name: string; storedM: number; geodesicM: number }>(sql`
      SELECT id, name, round(length_m::numeric, 1)::float8 AS "storedM",
             round(g::numeric, 1)::float8 AS "geodesicM"
      FROM (SELECT id, name, length_m, ST_Length(geom::geography) AS g FROM network_elements
            WHERE cluster_id = ${clusterId} AND type = 'Cable' AND deleted_at IS NULL) c
      WHERE length_m IS NOT NULL AND abs(length_m - g) > ${t.lengthTolerance} * g
      ORDER BY id`);
  },

  /** Required attributes of their template left empty, per element. */
  async missingAttributes(db: Queryable, clusterId: number) {
    return db.rows<Named & { missing: string[] }>(sql`
      SELECT e.id, e.name, array_agg(a.def->>'name' ORDER BY a.n) AS missing
      FROM network_elements e
      JOIN element_templates t ON t.id = e.template_id
      CROSS JOIN LATERAL jsonb_array_elements(t.attributes) WITH ORDINALITY a(def, n)
      WHERE e.cluster_id = ${clusterId} AND e.deleted_at IS NULL
        AND (a.def->>'required')::boolean AND NOT coalesce((a.def->>'derived')::boolean, false)
        AND coalesce(btrim(e.attributes->>(a.def->>'name'), '" '), '') = ''
      GROUP BY e.id, e.name
      ORDER BY e.id`);
  },
};
