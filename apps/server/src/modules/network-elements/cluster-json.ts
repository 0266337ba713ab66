import { sql } from 'drizzle-orm';
import {
  elementTypeByName,
  expandCompactElements,
  type CompactElements,
  type ElementTypeName,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/**
 * Every live element of a type in a cluster as flat rows with their templates (see
 * compact-elements.ts in the contracts), as one JSON text built by the database and only
 * framed here: PGlite hands results to JavaScript value by value, so one text of 100,000
 * rows costs it far less than 100,000 rows of ten values.
 */
export async function clusterCompactJson(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<string> {
  const type = elementTypeByName(typeName);
  const live = sql`e.cluster_id = ${clusterId} AND e.type = ${typeName} AND e.deleted_at IS NULL`;
  const result = await db.one<{ rows: string | null }>(sql`
    SELECT json_agg(json_build_array(
      e.id, e.name, e.version, e.template_id, e.updated_by, e.created_by,
      floor(extract(epoch FROM e.created_at) * 1000)::float8,
      floor(extract(epoch FROM e.updated_at) * 1000)::float8,
      e.attributes, ${geometryOf(type?.geometry)}) ORDER BY e.id)::text AS rows
    FROM network_elements e WHERE ${live}`);
  const templates = result?.rows
    ? await db.one<{ json: string }>(sql`
        SELECT json_agg(json_build_object(
          'id', t.id,
          'attributes', (SELECT coalesce(json_agg(json_build_object(
              'name', a.def->>'name', 'inputType', a.def->>'inputType', 'key', a.def->>'key')
            ORDER BY a.ord), '[]') FROM jsonb_array_elements(t.attributes) WITH ORDINALITY AS a(def, ord)),
          'style', t.style))::text AS json
        FROM element_templates t
        WHERE t.id IN (SELECT DISTINCT e.template_id FROM network_elements e WHERE ${live})`)
    : undefined;
  return `{"type":${JSON.stringify(typeName)},"clusterId":${clusterId},"templates":${templates?.json ?? '[]'},"rows":${result?.rows ?? '[]'}}`;
}

/**
 * What a cluster's elements of a type look like now, in one short text: a create adds a row
 * and a higher id, every update, delete and restore adds one to a version, a purge removes a
 * row, and a template change moves its updated_at. Equal stamps, equal answers: periodic
 * syncs (every 30 s, per type) get a 304 instead of the whole cluster again.
 */
export async function clusterStamp(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<string> {
  const row = await db.one<{ stamp: string }>(sql`
    SELECT concat_ws('-', count(*), coalesce(sum(e.version), 0), coalesce(max(e.id), 0),
      (SELECT md5(coalesce(string_agg(t.id || '@' || t.updated_at, ',' ORDER BY t.id), ''))
       FROM element_templates t
       WHERE t.id IN (SELECT DISTINCT template_id FROM network_elements
                      WHERE cluster_id = ${clusterId} AND type = ${typeName}))) AS stamp
    FROM network_elements e WHERE e.cluster_id = ${clusterId} AND e.type = ${typeName}`);
  return row?.stamp ?? '';
}

/** The same elements in the full API shape of SPEC §3, as one JSON array text. */
export async function clusterElementsJson(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<string> {
  const compact = JSON.parse(await clusterCompactJson(db, clusterId, typeName)) as CompactElements;
  return JSON.stringify(expandCompactElements(compact));
}

/** A point's [lng, lat], else hexadecimal WKB; then a cable's length or a zone's anchor. */
const geometryOf = (kind: string | undefined) =>
  kind === 'point'
    ? sql`json_build_array(ST_X(e.geom), ST_Y(e.geom)), NULL`
    : kind === 'line'
      ? sql`encode(ST_AsBinary(e.geom), 'hex'), round(e.length_m::numeric, 2)::float8`
      : sql`encode(ST_AsBinary(e.geom), 'hex'),
            json_build_array(ST_X(ST_PointOnSurface(e.geom)), ST_Y(ST_PointOnSurface(e.geom)))`;
