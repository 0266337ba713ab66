import { sql, type SQL } from 'drizzle-orm';
import type { ElementTypeName, GeometryKind } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';
import type { ExportColumn } from './export-columns.ts';
import { emptyTextsAsNull, splitFlatGeobuf } from './flatgeobuf-pages.ts';
import { PBO_USERS_FROM_SPLICES } from '../fibre/fibre-figures.sql.ts';

export interface ExportScope {
  /** The clusters exported: one, a central office's or a whole project's. */
  clusterIds: number[];
  types: ElementTypeName[] | null;
  ids: number[] | null;
}

const inScope = (scope: ExportScope): SQL => sql`${
  scope.clusterIds.length === 1
    ? sql`e.cluster_id = ${scope.clusterIds[0]}`
    : sql`e.cluster_id = ANY(${intArray(scope.clusterIds)}::int[])`
}
  AND e.deleted_at IS NULL
  ${scope.types ? sql`AND e.type = ANY(${`{${scope.types.join(',')}}`}::text[])` : sql``}
  ${scope.ids ? sql`AND e.id = ANY(${intArray(scope.ids)}::int[])` : sql``}`;

export interface TypeColumns {
  type: ElementTypeName;
  count: number;
  /** Attribute names of the templates its elements use, in template order. */
  names: string[];
  /** The geometry types of its elements (PostGIS names: POINT, LINESTRING…). */
  geometries: string[];
}

/** A template the exported elements use: its attribute names, and which are dropdowns. */
export interface UsedTemplate {
  id: number;
  type: ElementTypeName;
  names: string[];
  dropdowns: string[];
}

/**
 * The kinds of value one attribute holds in the elements of one template: as stored (`kind`),
 * and as a dropdown's JSON-encoded text once decoded (`dropdownKind`).
 */
export interface ValueKind {
  templateId: number;
  name: string;
  kind: string | null;
  dropdownKind: string | null;
}

/**
 * The kind of a value (JSON type `jt`, text `s`) as GDAL's GeoJSON reader types it: integer (32
 * or 64 bits), real, boolean, date, time or date-time text, other text, or JSON (arrays, objects).
 * Note: jsonb writes numbers without exponent, so an integer is a number without '.'.
 */
const kind = (jt: SQL, s: SQL) => sql`CASE ${jt}
  WHEN 'number' THEN CASE WHEN strpos(${s}, '.') > 0 THEN 'real'
    WHEN length(${s}) < 10 OR ${s}::numeric BETWEEN -2147483648 AND 2147483647 THEN 'integer'
    WHEN length(${s}) < 19 OR ${s}::numeric BETWEEN -9223372036854775808 AND 9223372036854775807 THEN 'integer64'
    ELSE 'real' END
  WHEN 'string' THEN CASE WHEN ascii(${s}) NOT BETWEEN 48 AND 57 THEN 'string'
    WHEN ${s} ~ '^[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}$' THEN 'date'
    WHEN ${s} ~ '^[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$' THEN 'datetime'
    WHEN ${s} ~ '^[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?$' THEN 'time'
    ELSE 'string' END
  WHEN 'boolean' THEN 'boolean'
  WHEN 'array' THEN 'json'
  WHEN 'object' THEN 'json' END`;

/** A dropdown's stored text is a JSON string literal ('"16"'): its text, else null. */
const decoded = (s: SQL) =>
  sql`CASE WHEN left(${s}, 1) = '"' AND ${s} ~ '^"([^"\\\\]|\\\\.)*"$' THEN ${s}::jsonb #>> '{}' END`;

/**
 * A text a spreadsheet would not run as a formula: one starting with = + - @, a tab or a carriage
 * return gets a leading ' (OWASP's advice for CSV files). For text columns of CSV exports only:
 * numbers keep their sign.
 */
const inert = (text: SQL) =>
  sql`CASE WHEN ${text} ~ '^[-=+@\t\r]' THEN '''' || ${text} ELSE ${text} END`;

/** Per KML feature: an OGR style string GDAL's KML writer turns into <Style> (lines, zones) or we do (icons). */
const style = (geometry: GeometryKind): SQL =>
  ({
    point: sql.raw(`'SYMBOL(id:"' || (t.style->>'iconUrl') || '")'`),
    line: sql.raw(`'PEN(c:' || coalesce(
      (SELECT c->>'color' FROM jsonb_array_elements(t.style->'cables') c
       WHERE c->>'capacity' = btrim(e.attributes->>'Capacity', '"')),
      t.style->>'color', '#000000') || ',w:3px)'`),
    polygon: sql.raw(`CASE WHEN t.style->>'color' ~ '^#[0-9A-Fa-f]{6}$'
      THEN 'BRUSH(fc:' || (t.style->>'color') || '66);PEN(c:' || (t.style->>'color') || ',w:2px)' END`),
  })[geometry];

/**
 * The point an element's Coordinates attribute shows (as element-json.sql.ts has it), of its
 * first part: rows written by another tool may hold a MultiPoint (ST_X refuses it) or a
 * MultiLineString (ST_StartPoint answers null for it).
 */
const anchor = (geometry: GeometryKind): SQL =>
  ({
    point: sql`ST_GeometryN(e.geom, 1)`,
    line: sql`ST_StartPoint(ST_GeometryN(e.geom, 1))`,
    polygon: sql`ST_PointOnSurface(e.geom)`,
  })[geometry];

const isoTime = (ts: SQL) =>
  sql`replace((date_trunc('milliseconds', ${ts}) AT TIME ZONE 'UTC')::text, ' ', 'T') || 'Z'`;

/**
 * A PBO-FAT's users as element-json.sql.ts counts them (its splices, else the items of its
 * list); null for none.
 */
const existingUsers = sql`coalesce(${sql.raw(PBO_USERS_FROM_SPLICES)}::text,
  (SELECT jsonb_array_length(u.list)::text
   FROM (SELECT (e.attributes->>'FAT Existing Users ID')::jsonb AS list
         WHERE left(ltrim(e.attributes->>'FAT Existing Users ID'), 1) = '[') u))`;

/**
 * One column as text: derived attributes from the row (as the API's element JSON has them), the
 * others from the stored value (a dropdown's JSON-encoded text decoded), '' (no value) when
 * empty, null or when the element's template lacks the attribute. GDAL types it as the layer's VRT says (as it did
 * the CSV text exports were once built from). What holds for every template of the type is
 * decided here rather than for each row.
 */
function columnValue(
  column: ExportColumn,
  type: ElementTypeName,
  geometry: GeometryKind,
  /** Whether texts are made inert for spreadsheets (CSV exports). */
  formulasInert: boolean,
): SQL {
  const name = column.name;
  const userText = (text: SQL) => (formulasInert ? inert(text) : text);
  let text: SQL;
  if (name === 'Name') text = userText(sql`e.name`);
  else if (name === 'Coordinates') {
    const point = anchor(geometry);
    text = sql`ST_Y(${point}) || ', ' || ST_X(${point})`;
  } else if (name === 'Creation Date') text = isoTime(sql`e.created_at`);
  else if (name === 'Last Modification Date') text = isoTime(sql`e.updated_at`);
  else if (name === 'Length' && type === 'Cable') text = sql`round(e.length_m::numeric, 2)::text`;
  else if (name === 'Existing Users' && type === 'PboFat') text = existingUsers;
  else {
    const raw = sql`(e.attributes->>${name}::text)`;
    const plain = sql`nullif(${raw}, '')`;
    const value =
      column.dropdown === false
        ? plain
        : column.dropdown === true
          ? sql`coalesce(${decoded(raw)}, ${plain})`
          : sql`CASE WHEN e.template_id = ANY(${intArray(column.dropdown)}::int[])
              THEN coalesce(${decoded(raw)}, ${plain}) ELSE ${plain} END`;
    if (column.kind === 'boolean')
      text = sql`CASE ${value} WHEN 'true' THEN '1' WHEN 'false' THEN '0' END`;
    else if (column.kind === 'string' || column.kind === 'json') text = userText(value);
    else text = value;
  }
  if (column.templates)
    text = sql`CASE WHEN e.template_id = ANY(${intArray(column.templates)}::int[]) THEN ${text} END`;
  // No value is '' (see emptyTextsAsNull: PostGIS cannot write nulls in the middle of a row).
  return sql`coalesce(${text}, '')`;
}

/** One page of a layer: FlatGeobuf bytes (null when empty), the last id and the row count. */
export interface FlatGeobufPage {
  fgb: Uint8Array | null;
  last: number | null;
  rows: number;
}

export const exportRepository = {
  async typeColumns(db: Queryable, scope: ExportScope): Promise<TypeColumns[]> {
    return db.rows<TypeColumns>(sql`
      WITH picked AS (
        SELECT e.type, e.template_id, GeometryType(e.geom) AS geometry
        FROM network_elements e WHERE ${inScope(scope)}),
      counts AS (
        SELECT type, count(*)::int AS count, array_agg(DISTINCT geometry) AS geometries
        FROM picked GROUP BY type),
      attrs AS (
        SELECT t.type, a.def->>'name' AS name, min(a.ord) AS ord
        FROM element_templates t
        CROSS JOIN jsonb_array_elements(t.attributes) WITH ORDINALITY AS a(def, ord)
        WHERE t.id IN (SELECT DISTINCT template_id FROM picked)
        GROUP BY t.type, a.def->>'name')
      SELECT c.type, c.count, c.geometries,
             coalesce((SELECT array_agg(x.name ORDER BY x.ord, x.name) FROM attrs x WHERE x.type = c.type), '{}') AS names
      FROM counts c
      JOIN network_element_types nt ON nt.name = c.type
      ORDER BY nt.id`);
  },

  templates: (db: Queryable, scope: ExportScope) =>
    db.rows<UsedTemplate>(sql`
      SELECT t.id, t.type,
             array(SELECT a->>'name' FROM jsonb_array_elements(t.attributes) a) AS names,
             array(SELECT a->>'name' FROM jsonb_array_elements(t.attributes) a
                   WHERE a->>'inputType' = 'dropdown') AS dropdowns
      FROM element_templates t
      WHERE t.id IN (SELECT DISTINCT e.template_id FROM network_elements e WHERE ${inScope(scope)})`),

  /**
   * The kinds of stored values per template and attribute, to type the export's columns: worked
   * out once per distinct value (OFFSET 0 keeps the planner from repeating it in every test).
   */
  valueKinds: (db: Queryable, scope: ExportScope) =>
    db.rows<ValueKind>(sql`
      WITH distinct_values AS (
        SELECT e.template_id, kv.key AS name, kv.value
        FROM network_elements e
        CROSS JOIN LATERAL jsonb_each(e.attributes) kv
        WHERE ${inScope(scope)} AND e.template_id IS NOT NULL
        GROUP BY 1, 2, 3),
      v AS (
        SELECT template_id, name,
               CASE WHEN value = '""'::jsonb THEN 'null' ELSE jsonb_typeof(value) END AS jt,
               value #>> '{}' AS s
        FROM distinct_values OFFSET 0),
      d AS (
        SELECT template_id, name, jt, s,
               CASE WHEN jt = 'string' THEN ${decoded(sql`s`)} END AS ds
        FROM v OFFSET 0)
      SELECT template_id AS "templateId", name, ${kind(sql`jt`, sql`s`)} AS kind,
             CASE WHEN ds IS NULL THEN ${kind(sql`jt`, sql`s`)}
                  ELSE ${kind(sql`'string'`, sql`ds`)} END AS "dropdownKind"
      FROM d GROUP BY 1, 2, 3, 4`),

  /**
   * One page of a type's elements as a FlatGeobuf file (in id order, without spatial index, so
   * that the features follow the header and later pages can be appended without theirs): the id
   * as c1, one text column per attribute (c2…), the KML style when asked, and the geometry; an
   * empty text is no value (the page's bytes are mended so, see emptyTextsAsNull).
   * PostGIS writes it from the rows in its own binary encoding: no JSON or CSV per row, nothing
   * parsed again in JavaScript. `mixed`: the type has several geometry types, which one
   * FlatGeobuf header cannot declare; then the geometry goes as hex WKB in a last column (and a
   * placeholder point in the file's geometry). The attribute values follow the element JSON of
   * the API (element-json.sql.ts): Name from the name, Coordinates from the anchor point, a
   * cable's Length from its geodesic length, the dates from the row.
   */
  async flatGeobufPage(
    db: Queryable,
    scope: ExportScope,
    page: {
      type: ElementTypeName;
      geometry: GeometryKind;
      columns: ExportColumn[];
      style: boolean;
      /** CSV exports: texts starting like a formula get a leading ' (see `inert`). */
      formulasInert?: boolean;
      mixed: boolean;
      /** Every element as a MultiPoint (see pointsWithMultiPoints). */
      multi?: boolean;
      afterId: number;
      limit: number;
    },
  ): Promise<FlatGeobufPage> {
    const { type, geometry } = page;
    const fields = [
      sql`e.id AS c1`,
      ...page.columns.map(
        (c, i) =>
          sql`${columnValue(c, type, geometry, page.formulasInert ?? false)} AS ${sql.raw(`c${i + 2}`)}`,
      ),
    ];
    if (page.style)
      fields.push(sql`coalesce(${style(geometry)}, '') AS ${sql.raw(`c${fields.length + 1}`)}`);
    const own = page.multi ? sql`ST_Multi(e.geom)` : sql`e.geom`;
    const geom = geometry === 'polygon' ? sql`ST_ForcePolygonCCW(${own})` : own;
    if (page.mixed) fields.push(sql`encode(ST_AsBinary(${geom}), 'hex') AS wkb`);
    // Every text column's spare (see emptyTextsAsNull), then the geometry.
    const columns = fields.length;
    for (let i = 2; i <= columns; i++) fields.push(sql`NULL::text AS ${sql.raw(`spare${i}`)}`);
    fields.push(page.mixed ? sql`'SRID=4326;POINT(0 0)'::geometry AS geom` : sql`${geom} AS geom`);
    const row = await db.one<FlatGeobufPage>(sql`
      WITH el AS (
        SELECT e.* FROM network_elements e
        WHERE ${inScope(scope)} AND e.type = ${type} AND e.id > ${page.afterId}
          AND e.template_id IS NOT NULL
        ORDER BY e.id
        LIMIT ${page.limit}),
      r AS (
        SELECT ${sql.join(fields, sql`, `)}
        FROM el e
        ${page.style ? sql`JOIN element_templates t ON t.id = e.template_id` : sql``})
      SELECT ST_AsFlatGeobuf(r, false, 'geom' ORDER BY r.c1) AS fgb,
             max(r.c1) AS last, count(*)::int AS rows
      FROM r`);
    if (!row?.fgb || row.rows === 0) return { fgb: null, last: null, rows: 0 };
    emptyTextsAsNull(splitFlatGeobuf(row.fgb).features, 1, columns);
    return row;
  },
};
