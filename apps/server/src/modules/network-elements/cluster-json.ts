import { sql } from 'drizzle-orm';
import {
  elementTypeByName,
  expandCompactElements,
  type CompactElements,
  type ElementTypeName,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { PBO_USERS_FROM_SPLICES } from '../fibre/fibre-figures.sql.ts';

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
  return (await scan(db, clusterId, typeName, false)).stamp;
}

/**
 * Every live element of a type as flat rows with their templates (compact-elements.ts), and
 * their stamp, in one pass over the rows. The rows are one JSON text built by the database and
 * only framed here: PGlite hands results to JavaScript value by value, so one text of 100,000
 * rows costs it far less than 100,000 rows of ten values.
 */
export async function clusterRows(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<{ stamp: string; json: string }> {
  const { stamp, rows, templates } = await scan(db, clusterId, typeName, true);
  return {
    stamp,
    json: `{"type":${JSON.stringify(typeName)},"clusterId":${clusterId},"templates":${(rows && templates) ?? '[]'},"rows":${rows ?? '[]'}}`,
  };
}

/** The stamp, and when asked the rows and their templates, of one statement. */
async function scan(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
  withRows: boolean,
) {
  const type = elementTypeByName(typeName);
  const rows = withRows
    ? sql`'[' || string_agg(${rowText(type?.geometry, typeName)}, ',' ORDER BY e.id)
        FILTER (WHERE e.deleted_at IS NULL) || ']'`
    : sql`NULL`;
  const templates = withRows
    ? sql`json_agg(json_build_object(
        'id', t.id,
        'attributes', (SELECT coalesce(json_agg(json_build_object(
            'name', a.def->>'name', 'inputType', a.def->>'inputType', 'key', a.def->>'key')
          ORDER BY a.ord), '[]') FROM jsonb_array_elements(t.attributes) WITH ORDINALITY AS a(def, ord)),
        'style', t.style))::text`
    : sql`NULL`;
  // Deleted rows count in the stamp (a delete changes the answer) but not in the rows.
  const row = await db.one<{ stamp: string; rows: string | null; templates: string | null }>(sql`
    WITH scan AS (
      SELECT count(*) AS n, coalesce(sum(e.version), 0) AS versions, coalesce(max(e.id), 0) AS top,
             array_agg(DISTINCT e.template_id) AS template_ids, ${rows} AS rows
      FROM network_elements e WHERE e.cluster_id = ${clusterId} AND e.type = ${typeName}
    )
    SELECT concat_ws('-', scan.n, scan.versions, scan.top, t.stamp) AS stamp, scan.rows, t.json AS templates
    FROM scan, LATERAL (
      SELECT md5(coalesce(string_agg(t.id || '@' || t.updated_at, ',' ORDER BY t.id), '')) AS stamp,
             ${templates} AS json
      FROM element_templates t WHERE t.id = ANY(scan.template_ids)) t`);
  return { stamp: row?.stamp ?? '', rows: row?.rows ?? null, templates: row?.templates ?? null };
}

/** The same elements in the full API shape of SPEC §3, as one JSON array text. */
export function expandedJson(compactJson: string): string {
  return JSON.stringify(expandCompactElements(JSON.parse(compactJson) as CompactElements));
}

/** The full shape of a cluster's elements of a type, as one JSON array text. */
export async function clusterElementsJson(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<string> {
  return expandedJson((await clusterRows(db, clusterId, typeName)).json);
}

/** A nullable column as JSON text. */
const orNull = (column: string) => sql.raw(`coalesce(${column}::text, 'null')`);

/** Milliseconds since 1970, exact (truncated to the millisecond first, then rounded). */
const epochMs = (column: string) =>
  sql.raw(`round(date_part('epoch', date_trunc('milliseconds', ${column})) * 1000)::bigint`);

/**
 * One CompactRow as JSON text, concatenated rather than built with json_build_array: half
 * the cost per row (numeric epoch arithmetic and JSON datum output were most of it).
 * Doubles print in PostgreSQL's shortest exact form, the same digits JSON output uses.
 */
const rowText = (
  kind: string | undefined,
  typeName: ElementTypeName,
) => sql`'[' || e.id || ',' || to_json(e.name)::text
  || ',' || e.version || ',' || ${orNull('e.template_id')} || ',' || ${orNull('e.updated_by')}
  || ',' || ${orNull('e.created_by')} || ',' || ${epochMs('e.created_at')}
  || ',' || ${epochMs('e.updated_at')} || ',' || e.attributes::text || ',' || ${geometryText(kind, typeName)} || ']'`;

/**
 * A point's [lng, lat], else hexadecimal WKB; then a cable's length, a zone's anchor, or a
 * PBO-FAT's users as its splices count them (null where it holds no splitter).
 */
const geometryText = (kind: string | undefined, typeName: ElementTypeName) =>
  kind === 'point'
    ? sql`'[' || ST_X(e.geom) || ',' || ST_Y(e.geom) || '],' || ${
        typeName === 'PboFat'
          ? sql.raw(`coalesce(${PBO_USERS_FROM_SPLICES}::text, 'null')`)
          : sql`'null'`
      }`
    : kind === 'line'
      ? sql`'"' || encode(ST_AsBinary(e.geom), 'hex') || '",'
            || ${orNull('round(e.length_m::numeric, 2)::float8')}`
      : sql`'"' || encode(ST_AsBinary(e.geom), 'hex') || '",['
            || ST_X(ST_PointOnSurface(e.geom)) || ',' || ST_Y(ST_PointOnSurface(e.geom)) || ']'`;
