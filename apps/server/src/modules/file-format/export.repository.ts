import { sql, type SQL } from 'drizzle-orm';
import type { ElementTypeName } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { ELEMENT_JSON, FROM_ELEMENTS } from '../network-elements/element-json.sql.ts';

export interface ExportScope {
  clusterId: number;
  types: ElementTypeName[] | null;
  ids: number[] | null;
}

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

const inScope = (scope: ExportScope): SQL => sql`e.cluster_id = ${scope.clusterId}
  AND e.deleted_at IS NULL
  ${scope.types ? sql`AND e.type = ANY(${`{${scope.types.join(',')}}`}::text[])` : sql``}
  ${scope.ids ? sql`AND e.id = ANY(${intArray(scope.ids)}::int[])` : sql``}`;

export interface TypeColumns {
  type: ElementTypeName;
  count: number;
  /** Attribute names of the templates its elements use, in template order. */
  names: string[];
}

/** Per KML feature: an OGR style string GDAL's KML writer turns into <Style> (lines, zones) or we do (icons). */
const STYLE = sql.raw(`CASE
  WHEN j->'geometry' ? 'url' THEN 'SYMBOL(id:"' || (j->'geometry'->>'url') || '")'
  WHEN j->'geometry' ? 'color' THEN 'PEN(c:' || (j->'geometry'->>'color') || ',w:3px)'
  WHEN j->'zone'->>'color' ~ '^#[0-9A-Fa-f]{6}$'
    THEN 'BRUSH(fc:' || (j->'zone'->>'color') || '66);PEN(c:' || (j->'zone'->>'color') || ',w:2px)'
END`);

/**
 * A property value as GIS files want it: '' (the API's null) as null, a dropdown's JSON-encoded
 * text as the text itself, anything else unchanged.
 */
const VALUE = sql.raw(`CASE
  WHEN a->'value' = '""'::jsonb THEN 'null'::jsonb
  WHEN a->>'inputType' = 'dropdown' AND (a->>'value') ~ '^"([^"\\\\]|\\\\.)*"$' THEN (a->>'value')::jsonb
  ELSE a->'value' END`);

export const exportRepository = {
  async typeColumns(db: Queryable, scope: ExportScope): Promise<TypeColumns[]> {
    return db.rows<TypeColumns>(sql`
      WITH picked AS (SELECT e.type, e.template_id FROM network_elements e WHERE ${inScope(scope)}),
      counts AS (SELECT type, count(*)::int AS count FROM picked GROUP BY type),
      attrs AS (
        SELECT t.type, a.def->>'name' AS name, min(a.ord) AS ord
        FROM element_templates t
        CROSS JOIN jsonb_array_elements(t.attributes) WITH ORDINALITY AS a(def, ord)
        WHERE t.id IN (SELECT DISTINCT template_id FROM picked)
        GROUP BY t.type, a.def->>'name')
      SELECT c.type, c.count,
             coalesce((SELECT array_agg(x.name ORDER BY x.ord, x.name) FROM attrs x WHERE x.type = c.type), '{}') AS names
      FROM counts c
      JOIN network_element_types nt ON nt.name = c.type
      ORDER BY nt.id`);
  },

  /**
   * One page of a type's elements as GeoJSON Feature texts, built by PostgreSQL from the same
   * element JSON the API answers (so derived attributes match), keyed by `renames` when given.
   */
  featuresPage: (
    db: Queryable,
    scope: ExportScope,
    type: ElementTypeName,
    afterId: number,
    limit: number,
    options: { renames: Record<string, string>; style: boolean },
  ) =>
    db.rows<{ id: number; json: string }>(sql`
      WITH el AS (
        SELECT e.id, e.geom, (${ELEMENT_JSON})::jsonb AS j
        FROM ${FROM_ELEMENTS}
        WHERE ${inScope(scope)} AND e.type = ${type} AND e.id > ${afterId}
        ORDER BY e.id
        LIMIT ${limit})
      SELECT el.id, json_build_object(
        'type', 'Feature',
        'geometry', ST_AsGeoJSON(ST_ForcePolygonCCW(el.geom), 9)::json,
        'properties', jsonb_build_object(coalesce(${JSON.stringify(options.renames)}::jsonb->>'id', 'id'), el.id)
          || coalesce((SELECT jsonb_object_agg(coalesce(${JSON.stringify(options.renames)}::jsonb->>(a->>'name'), a->>'name'), ${VALUE})
                       FROM jsonb_array_elements(el.j->'attributes') a), '{}'::jsonb)
          || ${options.style ? sql`jsonb_build_object('OGR_STYLE', ${STYLE})` : sql`'{}'::jsonb`}
      )::text AS json
      FROM el ORDER BY el.id`),
};
