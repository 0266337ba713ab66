import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { intArray } from '../../../db/sql-arrays.ts';
import type { SegmentLine } from './gracethd-tables.ts';

/** A dropdown's stored JSON string ('"16"') or a plain value, as text. */
const attr = (name: string) => sql.raw(`nullif(btrim(e.attributes->>'${name}', '"'), '')`);

/** Geometry as hex WKB in EPSG:4326, what the GDAL worker's VRT reads. */
const hexWkb = (geom: ReturnType<typeof sql>) => sql`encode(ST_AsBinary(${geom}), 'hex')`;

/** Loops lie this close to the cable they belong to (the editor's snap distance). */
export const LOOP_CABLE_M = 15;

/** An element other than a cable or a zone: a node of the delivery. */
export interface PointRow {
  id: number;
  type: string;
  name: string;
  clusterId: number;
  kind: string | null;
  capacity: string | null;
  height: string | null;
  owner: string | null;
  floors: string | null;
  length: string | null;
  place: string | null;
  createdAt: string;
  updatedAt: string;
  lng: number;
  lat: number;
}

export interface OfficeRow {
  id: number;
  name: string;
  lng: number | null;
  lat: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ZoneRow {
  id: number;
  name: string;
  clusterId: number;
  kind: string | null;
  wkb: string;
  /** FDT-SROs inside (a PMZ has exactly one), the NRO zone holding it, homes inside. */
  cabinets: number[] | null;
  nroZone: number | null;
  homes: number;
  /** Zones of the same Type it overlaps. */
  overlaps: number[] | null;
  createdAt: string;
  updatedAt: string;
}

/** A holder: an element (E12) or a central office (O3). */
export type HolderKey = string;

export interface CableRow {
  id: number;
  name: string;
  clusterId: number;
  kind: string | null;
  capacity: string | null;
  lengthM: number;
  fibreCount: number;
  fibresPerTube: number;
  placement: string | null;
  specName: string | null;
  createdAt: string;
  updatedAt: string;
  startLng: number;
  startLat: number;
  endLng: number;
  endLat: number;
}

export interface FibreRow {
  cableId: number;
  number: number;
  tube: number;
  position: number;
  status: string;
}

/** One side of a joint. */
export interface TerminalSide {
  kind: string;
  cableId: number | null;
  number: number | null;
  end: 'a' | 'b' | 'm' | null;
  along: number | null;
  faces: 'a' | 'b' | null;
  splitterId: number | null;
  leg: number | null;
  portId: number | null;
}

export interface JointRow {
  id: number;
  kind: 'splice' | 'connector';
  holder: HolderKey;
  trayId: number | null;
  measuredLossDb: number | null;
  createdAt: string;
  a: TerminalSide;
  b: TerminalSide;
}

export interface TrayRow {
  id: number;
  holder: HolderKey;
  number: number;
  capacity: number;
}

export interface SplitterRow {
  id: number;
  holder: HolderKey;
  name: string;
  ratio: string;
}

export interface PortRow {
  id: number;
  holder: HolderKey;
  kind: 'patch' | 'olt';
  panel: string;
  number: number;
}

/** Where each cable is reached: a holder joining its fibres, and how far along the line it is. */
export interface AccessRow {
  cableId: number;
  holder: HolderKey;
  fraction: number;
}

export interface LoopRow {
  loopId: number;
  cableId: number;
  fraction: number;
}

const holderOf = (element: string, office: string) =>
  sql.raw(`coalesce('E' || ${element}, 'O' || ${office})`);

/** Rows of a fibre table held in the scope: by its live elements, or by its offices. */
const heldInScope = (alias: string, clusterIds: number[], officeIds: number[]) => sql`
  LEFT JOIN network_elements h ON h.id = ${sql.raw(alias)}.element_id
  WHERE (h.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND h.deleted_at IS NULL)
     OR ${sql.raw(alias)}.central_office_id = ANY(${intArray(officeIds)}::int[])`;

/**
 * What a GraceTHD delivery is built from: the scope's elements, offices, cables with their
 * fibres, and every joint, tray, splitter and port of the holders in the scope. Plain rows, read
 * once each (no query per element).
 */
export const graceThdNetwork = {
  async points(db: Queryable, clusterIds: number[]) {
    return db.rows<PointRow>(sql`
      SELECT e.id, e.type, e.name, e.cluster_id AS "clusterId",
             ${attr('Type')} AS kind, ${attr('Capacity')} AS capacity, ${attr('Height')} AS height,
             ${attr('Owner')} AS owner, ${attr('Floors')} AS floors, ${attr('Length')} AS length,
             e.attributes->>'Place of Installation' AS place,
             to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
             to_char(e.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt",
             ST_X(e.geom) AS lng, ST_Y(e.geom) AS lat
      FROM network_elements e
      WHERE e.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND e.deleted_at IS NULL
        AND e.type NOT IN ('Cable', 'Zone') AND GeometryType(e.geom) = 'POINT'
      ORDER BY e.id`);
  },

  async offices(db: Queryable, officeIds: number[]) {
    return db.rows<OfficeRow>(sql`
      SELECT o.id, o.name, ST_X(o.location) AS lng, ST_Y(o.location) AS lat,
             to_char(o.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
             to_char(o.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt"
      FROM central_offices o WHERE o.id = ANY(${intArray(officeIds)}::int[])
      ORDER BY o.id`);
  },

  async zones(db: Queryable, clusterIds: number[]) {
    return db.rows<ZoneRow>(sql`
      SELECT e.id, e.name, e.cluster_id AS "clusterId", ${attr('Type')} AS kind,
             ${hexWkb(sql`ST_Multi(ST_CollectionExtract(ST_MakeValid(e.geom), 3))`)} AS wkb,
             to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
             to_char(e.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt",
             (SELECT array_agg(f.id ORDER BY f.id) FROM network_elements f
               WHERE f.cluster_id = e.cluster_id AND f.type = 'FDTSRO' AND f.deleted_at IS NULL
                 AND ST_Contains(e.geom, f.geom)) AS cabinets,
             (SELECT min(z.id) FROM network_elements z
               WHERE z.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND z.type = 'Zone'
                 AND z.deleted_at IS NULL AND z.id <> e.id
                 AND btrim(z.attributes->>'Type', '"') = 'NRO'
                 AND ST_Contains(z.geom, ST_PointOnSurface(e.geom))) AS "nroZone",
             (SELECT count(*)::int FROM network_elements h
               WHERE h.cluster_id = e.cluster_id AND h.type IN ('SFU', 'Building')
                 AND h.deleted_at IS NULL AND ST_Contains(e.geom, h.geom)) AS homes,
             (SELECT array_agg(z.id ORDER BY z.id) FROM network_elements z
               WHERE z.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND z.type = 'Zone'
                 AND z.deleted_at IS NULL AND z.id <> e.id AND z.geom && e.geom
                 AND btrim(z.attributes->>'Type', '"') = ${sql.raw(`btrim(e.attributes->>'Type', '"')`)}
                 AND ST_Overlaps(z.geom, e.geom)) AS overlaps
      FROM network_elements e
      WHERE e.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND e.deleted_at IS NULL
        AND e.type = 'Zone'
      ORDER BY e.id`);
  },

  /** Cables with their structure and their ends' coordinates. */
  async cables(db: Queryable, clusterIds: number[]) {
    return db.rows<CableRow>(sql`
      SELECT e.id, e.name, e.cluster_id AS "clusterId", ${attr('Type')} AS kind,
             ${attr('Capacity')} AS capacity, coalesce(e.length_m, 0) AS "lengthM",
             coalesce(fc.fibre_count, (${attr('Capacity')})::int, 0) AS "fibreCount",
             coalesce(fc.fibres_per_tube, 12) AS "fibresPerTube",
             cs.placement, cs.name AS "specName",
             to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
             to_char(e.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updatedAt",
             ST_X(ST_StartPoint(e.geom)) AS "startLng", ST_Y(ST_StartPoint(e.geom)) AS "startLat",
             ST_X(ST_EndPoint(e.geom)) AS "endLng", ST_Y(ST_EndPoint(e.geom)) AS "endLat"
      FROM network_elements e
      LEFT JOIN fibre_cables fc ON fc.element_id = e.id
      LEFT JOIN cable_specs cs ON cs.id = fc.spec_id
      WHERE e.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND e.deleted_at IS NULL
        AND e.type = 'Cable' AND GeometryType(e.geom) = 'LINESTRING'
      ORDER BY e.id`);
  },

  async fibres(db: Queryable, clusterIds: number[]) {
    return db.rows<FibreRow>(sql`
      SELECT f.cable_id AS "cableId", f.number, f.tube, f.position, f.status
      FROM fibres f JOIN network_elements e ON e.id = f.cable_id
      WHERE e.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND e.deleted_at IS NULL
      ORDER BY f.cable_id, f.number`);
  },

  /** Joints held in the scope: by its elements, or by its offices. */
  async joints(db: Queryable, clusterIds: number[], officeIds: number[]) {
    const side = (t: string) =>
      sql.raw(`json_build_object(
        'kind', ${t}.kind, 'cableId', ${t}f.cable_id, 'number', ${t}f.number,
        'end', ${t}.fibre_end, 'along', ${t}.along, 'faces', ${t}.faces,
        'splitterId', ${t}.splitter_id, 'leg', ${t}.leg, 'portId', ${t}.port_id)`);
    return db.rows<JointRow>(sql`
      SELECT j.id, j.kind, ${holderOf('j.element_id', 'j.central_office_id')} AS holder,
             j.tray_id AS "trayId", j.measured_loss_db AS "measuredLossDb",
             to_char(j.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt",
             ${side('ta')} AS a, ${side('tb')} AS b
      FROM fibre_joints j
      JOIN fibre_terminals ta ON ta.id = j.terminal_a
      LEFT JOIN fibres taf ON taf.id = ta.fibre_id
      JOIN fibre_terminals tb ON tb.id = j.terminal_b
      LEFT JOIN fibres tbf ON tbf.id = tb.fibre_id
      ${heldInScope('j', clusterIds, officeIds)}
      ORDER BY j.id`);
  },

  async trays(db: Queryable, clusterIds: number[], officeIds: number[]) {
    return db.rows<TrayRow>(sql`
      SELECT t.id, ${holderOf('t.element_id', 't.central_office_id')} AS holder, t.number, t.capacity
      FROM fibre_trays t ${heldInScope('t', clusterIds, officeIds)}
      ORDER BY t.id`);
  },

  async splitters(db: Queryable, clusterIds: number[], officeIds: number[]) {
    return db.rows<SplitterRow>(sql`
      SELECT s.id, ${holderOf('s.element_id', 's.central_office_id')} AS holder, s.name, s.ratio
      FROM fibre_splitters s ${heldInScope('s', clusterIds, officeIds)}
      ORDER BY s.id`);
  },

  async ports(db: Queryable, clusterIds: number[], officeIds: number[]) {
    return db.rows<PortRow>(sql`
      SELECT p.id, ${holderOf('p.element_id', 'p.central_office_id')} AS holder, p.kind, p.panel,
             p.number
      FROM fibre_ports p ${heldInScope('p', clusterIds, officeIds)}
      ORDER BY p.id`);
  },

  /** How far along each cable the holders joining its fibres lie (0 at its start, 1 at its end). */
  async accesses(db: Queryable, clusterIds: number[]) {
    return db.rows<AccessRow>(sql`
      WITH held AS (
        SELECT DISTINCT f.cable_id, j.element_id, j.central_office_id
        FROM fibre_joints j
        JOIN fibre_terminals t ON t.id IN (j.terminal_a, j.terminal_b)
        JOIN fibres f ON f.id = t.fibre_id
        JOIN network_elements c ON c.id = f.cable_id
        WHERE c.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND c.deleted_at IS NULL)
      SELECT held.cable_id AS "cableId",
             ${holderOf('held.element_id', 'held.central_office_id')} AS holder,
             ST_LineLocatePoint(c.geom, coalesce(h.geom, o.location, ST_StartPoint(c.geom)))
               AS fraction
      FROM held
      JOIN network_elements c ON c.id = held.cable_id
      LEFT JOIN network_elements h ON h.id = held.element_id
      LEFT JOIN central_offices o ON o.id = held.central_office_id
      ORDER BY 1, 3`);
  },

  /** Each Loop's cable: the nearest within LOOP_CABLE_M, and where along it the loop lies. */
  async loops(db: Queryable, clusterIds: number[]) {
    return db.rows<LoopRow>(sql`
      SELECT l.id AS "loopId", c.id AS "cableId", ST_LineLocatePoint(c.geom, l.geom) AS fraction
      FROM network_elements l
      CROSS JOIN LATERAL (
        SELECT c.id, c.geom FROM network_elements c
        WHERE c.cluster_id = l.cluster_id AND c.type = 'Cable' AND c.deleted_at IS NULL
          AND GeometryType(c.geom) = 'LINESTRING'
          AND ST_DWithin(c.geom, l.geom, ${(LOOP_CABLE_M / 111_000) * 2})
          AND ST_DWithin(c.geom::geography, l.geom::geography, ${LOOP_CABLE_M})
        ORDER BY ST_Distance(c.geom::geography, l.geom::geography), c.id LIMIT 1) c
      WHERE l.cluster_id = ANY(${intArray(clusterIds)}::int[]) AND l.type = 'Loop'
        AND l.deleted_at IS NULL
      ORDER BY l.id`);
  },

  /**
   * The segments' lines: each a piece of its cable between two fractions, with the nodes'
   * points added at its ends when they lie more than 0.1 m off the line (GraceTHD wants a cable's
   * ends on its nodes). Hex WKB, and length in metres.
   */
  async segmentLines(db: Queryable, segments: SegmentLine[]) {
    if (!segments.length) return [];
    return db.rows<{
      code: string;
      wkb: string;
      lengthM: number;
      addedStart: boolean;
      addedEnd: boolean;
    }>(sql`
      WITH s AS (
        SELECT s.*, ST_SetSRID(ST_MakePoint(s.x0, s.y0), 4326) AS p0,
               ST_SetSRID(ST_MakePoint(s.x1, s.y1), 4326) AS p1,
               ST_LineSubstring(c.geom, least(s.f0, s.f1), greatest(s.f0, s.f1)) AS piece
        FROM jsonb_to_recordset(${JSON.stringify(segments)}::jsonb)
          AS s(code text, cable int, f0 float8, f1 float8, x0 float8, y0 float8, x1 float8, y1 float8)
        JOIN network_elements c ON c.id = s.cable),
      ends AS (
        SELECT s.*, GeometryType(piece) = 'POINT' AS degenerate,
               GeometryType(piece) = 'POINT'
                 OR ST_Distance(p0::geography, ST_StartPoint(piece)::geography) > 0.1 AS add0,
               GeometryType(piece) = 'POINT'
                 OR ST_Distance(p1::geography, ST_EndPoint(piece)::geography) > 0.1 AS add1
        FROM s),
      lines AS (
        SELECT code, add0, add1,
               CASE WHEN degenerate THEN ST_MakeLine(p0, p1)
                    ELSE ST_MakeLine(array_remove(ARRAY[CASE WHEN add0 THEN p0 END, piece,
                                                        CASE WHEN add1 THEN p1 END], NULL))
               END AS line
        FROM ends)
      SELECT code, ${hexWkb(sql`line`)} AS wkb, ST_Length(line::geography) AS "lengthM",
             add0 AS "addedStart", add1 AS "addedEnd"
      FROM lines`);
  },
};
