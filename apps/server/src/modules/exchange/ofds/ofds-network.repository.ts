import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { intArray } from '../../../db/sql-arrays.ts';
import { NODE_CODES, NODE_ELEMENT_TYPES, OFFICE_CODE } from './ofds-model.ts';

/** What an OFDS export reads: SQL only, in pages of rows keyed by id. */

export interface NetworkFacts {
  projectId: number;
  projectName: string;
  clientId: number;
  clientName: string;
  subsidiaryName: string;
  country: string | null;
}

export interface ClusterPhase {
  id: number;
  name: string;
  phase: string;
  officeId: number;
}

export interface OfficeNodeRow {
  id: number;
  name: string;
  lng: number;
  lat: number;
}

export interface ElementNodeRow {
  id: number;
  type: keyof typeof NODE_CODES;
  name: string;
  clusterId: number;
  lng: number;
  lat: number;
}

export interface SpanRow {
  id: number;
  name: string;
  clusterId: number;
  /** The route as PostGIS writes it in GeoJSON: {"type":"LineString","coordinates":…}. */
  route: string;
  lengthM: number | null;
  fibreCount: number | null;
  placement: string | null;
  startLng: number;
  startLat: number;
  endLng: number;
  endLat: number;
}

/** What the export covers: clusters left once Cancelled ones are out, and the offices. */
export interface OfdsScope {
  clusterIds: number[];
  officeIds: number[];
}

/** How far a cable's end may lie from the node it ends on (a closure beside the street). */
export const END_TOLERANCE_M = 5;

/** Our node id of an office row `o` (CO3). */
const officeKey = sql.raw(`'${OFFICE_CODE}' || o.id`);

const nodeTypes = `{${NODE_ELEMENT_TYPES.join(',')}}`;

/** Our node id of an element node row `n` (FDT77, SC120, PBO5120). */
const elementKey = (n: string) =>
  sql.raw(
    `CASE ${n}.type ${Object.entries(NODE_CODES)
      .map(([type, code]) => `WHEN '${type}' THEN '${code}'`)
      .join(' ')} END || ${n}.id`,
  );

/** The exported element nodes (live, of the node types, in the scope's clusters), as `n`. */
const isNode = (scope: OfdsScope, n: string) => sql`
  ${sql.raw(n)}.cluster_id = ANY(${intArray(scope.clusterIds)}::int[])
  AND ${sql.raw(n)}.type = ANY(${nodeTypes}::text[]) AND ${sql.raw(n)}.deleted_at IS NULL`;

export const ofdsNetworkRepository = {
  facts: (db: Queryable, projectId: number) =>
    db.one<NetworkFacts>(sql`
      SELECT p.id AS "projectId", p.name AS "projectName", cl.id AS "clientId",
             cl.name AS "clientName", s.name AS "subsidiaryName", s.country
      FROM projects p
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients cl ON cl.id = mp.client_id
      JOIN subsidiaries s ON s.id = cl.subsidiary_id
      WHERE p.id = ${projectId}`),

  clusters: (db: Queryable, ids: number[]) =>
    db.rows<ClusterPhase>(sql`
      SELECT id, name, project_phase AS phase, central_office_id AS "officeId"
      FROM clusters WHERE id = ANY(${intArray(ids)}::int[]) ORDER BY id`),

  /** The offices with a place (those without one cannot be nodes: OFDS nodes are points). */
  offices: (db: Queryable, ids: number[]) =>
    db.rows<OfficeNodeRow>(sql`
      SELECT id, name, ST_X(location) AS lng, ST_Y(location) AS lat
      FROM central_offices
      WHERE id = ANY(${intArray(ids)}::int[]) AND location IS NOT NULL
      ORDER BY id`),

  nodePage: (db: Queryable, scope: OfdsScope, afterId: number, limit: number) =>
    db.rows<ElementNodeRow>(sql`
      SELECT n.id, n.type, n.name, n.cluster_id AS "clusterId", ST_X(n.geom) AS lng,
             ST_Y(n.geom) AS lat
      FROM network_elements n
      WHERE ${isNode(scope, 'n')} AND n.id > ${afterId} AND GeometryType(n.geom) = 'POINT'
      ORDER BY n.id
      LIMIT ${limit}`),

  /**
   * One page of cables with what their span needs: route, length, fibre count (the cable's
   * fibres, else its Capacity), the placement of its spec, and its end points.
   */
  spanPage: (db: Queryable, scope: OfdsScope, afterId: number, limit: number) =>
    db.rows<SpanRow>(sql`
      SELECT e.id, e.name, e.cluster_id AS "clusterId", ST_AsGeoJSON(e.geom, 7) AS route,
             e.length_m AS "lengthM",
             coalesce(fc.fibre_count,
                      CASE WHEN btrim(e.attributes->>'Capacity', '"') ~ '^[0-9]{1,4}$'
                           THEN btrim(e.attributes->>'Capacity', '"')::int END) AS "fibreCount",
             cs.placement,
             ST_X(ST_StartPoint(e.geom)) AS "startLng", ST_Y(ST_StartPoint(e.geom)) AS "startLat",
             ST_X(ST_EndPoint(e.geom)) AS "endLng", ST_Y(ST_EndPoint(e.geom)) AS "endLat"
      FROM network_elements e
      LEFT JOIN fibre_cables fc ON fc.element_id = e.id
      LEFT JOIN cable_specs cs ON cs.id = fc.spec_id
      WHERE e.cluster_id = ANY(${intArray(scope.clusterIds)}::int[]) AND e.type = 'Cable'
        AND e.deleted_at IS NULL AND e.id > ${afterId} AND GeometryType(e.geom) = 'LINESTRING'
      ORDER BY e.id
      LIMIT ${limit}`),

  /**
   * For cable ends on no node: of the published nodes where the fibres of that end (a: where
   * the line starts) are spliced or connected, the nearest to the end point. A street cable
   * whose fibres leave it one by one at the PBO-FATs beside it ends at the last of them.
   */
  jointEnds: (
    db: Queryable,
    scope: OfdsScope,
    ends: { id: number; end: 'a' | 'b'; lng: number; lat: number }[],
  ) =>
    ends.length
      ? db.rows<{ id: number; end: 'a' | 'b'; node: string }>(sql`
          SELECT DISTINCT ON (x.id, x.fe) x.id, x.fe AS "end",
                 coalesce(${elementKey('n')}, ${officeKey}) AS node
          FROM jsonb_to_recordset(${JSON.stringify(ends.map((e) => ({ ...e, fe: e.end })))}::jsonb)
               AS x(id int, fe text, lng float8, lat float8)
          JOIN fibres f ON f.cable_id = x.id
          JOIN fibre_terminals t ON t.fibre_id = f.id AND t.fibre_end = x.fe
          JOIN fibre_links l ON l.from_terminal = t.id AND l.joint_id IS NOT NULL
          JOIN fibre_joints j ON j.id = l.joint_id
          LEFT JOIN network_elements n ON n.id = j.element_id AND ${isNode(scope, 'n')}
          LEFT JOIN central_offices o ON o.id = j.central_office_id AND o.location IS NOT NULL
                                      AND o.id = ANY(${intArray(scope.officeIds)}::int[])
          WHERE n.id IS NOT NULL OR o.id IS NOT NULL
          ORDER BY x.id, x.fe,
                   coalesce(n.geom, o.location) <-> ST_SetSRID(ST_MakePoint(x.lng, x.lat), 4326),
                   3`)
      : Promise.resolve([]),

  /**
   * Metres of slack per cable, for the whole scope at once: each Loop element's Length goes to
   * the cables within 3 m of it (found from the loop's side: loops are far fewer than cables).
   */
  loopsByCable: (db: Queryable, scope: OfdsScope) =>
    db.rows<{ id: number; metres: number }>(sql`
      SELECT c.id, sum((l.attributes->>'Length')::float8) AS metres
      FROM network_elements l
      CROSS JOIN LATERAL (
        SELECT n.id FROM (SELECT * FROM network_elements
                          WHERE geom && ST_Expand(l.geom, 0.0001) OFFSET 0) n
        WHERE n.type = 'Cable' AND n.cluster_id = l.cluster_id AND n.deleted_at IS NULL
          AND ST_DWithin(l.geom::geography, n.geom::geography, 3)) c
      WHERE l.cluster_id = ANY(${intArray(scope.clusterIds)}::int[]) AND l.type = 'Loop'
        AND l.deleted_at IS NULL AND jsonb_typeof(l.attributes->'Length') = 'number'
      GROUP BY c.id`),
};
