import { sql, type SQL } from 'drizzle-orm';
import type { ElementTypeName, GeometryKind } from '@integration/contracts';
import type { Queryable } from '../../../db/database.ts';
import { intArray } from '../../../db/sql-arrays.ts';

/** What a DXF export reads: live elements of these clusters, and these offices' places. */
export interface DxfSources {
  clusterIds: number[];
  centralOfficeIds: number[];
}

/** How labels are drawn, in the units of the file's CRS (metres, feet or degrees). */
export interface LabelSizes {
  /** Text height. */
  height: number;
  /** A marker's label starts this far to its right. */
  gap: number;
}

export interface ScopeFacts {
  /** Live elements per type. */
  counts: { type: ElementTypeName; count: number }[];
  /** Offices of the scope with a location. */
  offices: number;
  /** The extent of all of it in longitude and latitude; null when there is nothing. */
  extent: { xmin: number; ymin: number; xmax: number; ymax: number } | null;
}

const liveIn = (sources: DxfSources) =>
  sql`e.cluster_id = ANY(${intArray(sources.clusterIds)}::int[]) AND e.deleted_at IS NULL`;

/** A text as one CSV field. */
const csvField = (text: SQL) => sql`'"' || replace(${text}, '"', '""') || '"'`;

/**
 * A name as the `t:` of an OGR LABEL: one line, `\` and `"` escaped (the style parser's own
 * escapes; GDAL's DXF writer then escapes `\` again for MTEXT). MTEXT reads braces as groups,
 * which GDAL 3.8 does not escape (and escapes our `\{`): they become parentheses, not lost.
 */
const labelText = (name: SQL) =>
  sql`replace(replace(translate(regexp_replace(${name}, '[\\r\\n]+', ' ', 'g'), '{}', '()'),
      '\\', '\\\\'), '"', '\\"')`;

/** A number as a style parameter (fixed notation: degrees make small heights). */
const styleNumber = (n: number) => n.toFixed(8).replace(/\.?0+$/, '');

/** An OGR LABEL style: Arial, the scope's text height, and per geometry where it sits. */
const labelStyle = (name: SQL, sizes: LabelSizes, placement: SQL) =>
  sql`'LABEL(f:"Arial",t:"' || ${labelText(name)} || '",s:' || ${styleNumber(sizes.height)}::text
      || 'g' || ${placement} || ')'`;

/** A hex colour of the template's style, else the type's. */
const validColour = (colour: SQL, fallback: string) =>
  sql`CASE WHEN ${colour} ~ '^#[0-9A-Fa-f]{6}$' THEN ${colour} ELSE ${fallback}::text END`;

/**
 * The colour an element is drawn in: a cable's from its template's colour for its capacity (as
 * the map and the KML export have it) or the template's, a zone's or marker's from its template,
 * else the type's colour.
 */
const colour = (geometry: GeometryKind, fallback: string): SQL =>
  geometry === 'line'
    ? validColour(
        sql`coalesce((SELECT c->>'color' FROM jsonb_array_elements(t.style->'cables') c
                      WHERE c->>'capacity' = btrim(e.attributes->>'Capacity', '"') LIMIT 1),
                     t.style->>'color')`,
        fallback,
      )
    : validColour(sql`t.style->>'color'`, fallback);

/**
 * The geometry's own style: cables (LWPOLYLINEs) and zones (closed LWPOLYLINEs, the export turns
 * hatches off) in their colour. GDAL 3.8 writes no colour for a POINT: markers take their
 * layer's (see dxf-header.ts).
 */
const geometryStyle = (geometry: GeometryKind, fallback: string): SQL =>
  geometry === 'point' ? sql`''` : sql`'PEN(c:' || ${colour(geometry, fallback)} || ')'`;

/** A point of a cable at a fraction of its length, in the file's CRS. */
const at = (fraction: number) =>
  sql`ST_Transform(ST_LineInterpolatePoint(e.geom, ${fraction}::float8), ang_srid.srid)`;

/** Where an element's label goes (EPSG:4326), and how it is anchored there. */
function labelPlace(
  geometry: GeometryKind,
  sizes: LabelSizes,
): { point: SQL; placement: SQL; lateral?: SQL } {
  if (geometry === 'point')
    return {
      point: sql`e.geom`,
      // Middle-left anchor, a gap to the right of the marker.
      placement: sql`${`,dx:${styleNumber(sizes.gap)}g,p:4`}::text`,
    };
  if (geometry === 'polygon')
    return { point: sql`ST_PointOnSurface(e.geom)`, placement: sql`',p:5'` };
  // Cables: at mid-length, along the segment there (bottom-centre anchor: just above the line),
  // turned to read left to right. The angle is measured in the file's CRS (`ang.a`, see page).
  const line = sql`GeometryType(e.geom) = 'LINESTRING' AND ST_NPoints(e.geom) > 1`;
  return {
    point: sql`CASE WHEN ${line} THEN ST_LineInterpolatePoint(e.geom, 0.5)
                    ELSE ST_PointOnSurface(e.geom) END`,
    placement: sql`',p:2,a:' || coalesce(round((ang.a - 180 * round(ang.a / 180))::numeric, 2), 0)::text`,
    lateral: sql`LEFT JOIN LATERAL (
        SELECT 90 - degrees(ST_Azimuth(${at(0.4995)}, ${at(0.5005)})) AS a WHERE ${line}) ang ON true`,
  };
}

const hexWkb = (geom: SQL) => sql`encode(ST_AsBinary(${geom}), 'hex')`;

export const dxfRepository = {
  async scopeFacts(db: Queryable, sources: DxfSources): Promise<ScopeFacts> {
    const counts = await db.rows<{ type: ElementTypeName; count: number }>(sql`
      SELECT e.type, count(*)::int AS count FROM network_elements e
      WHERE ${liveIn(sources)}
      GROUP BY e.type`);
    const row = await db.one<{
      offices: number;
      xmin: number | null;
      ymin: number | null;
      xmax: number | null;
      ymax: number | null;
    }>(sql`
      WITH places AS (
        SELECT e.geom FROM network_elements e WHERE ${liveIn(sources)}
        UNION ALL
        SELECT co.location FROM central_offices co
        WHERE co.id = ANY(${intArray(sources.centralOfficeIds)}::int[]) AND co.location IS NOT NULL),
      box AS (SELECT ST_Extent(geom) AS b FROM places)
      SELECT (SELECT count(*)::int FROM central_offices co
              WHERE co.id = ANY(${intArray(sources.centralOfficeIds)}::int[])
                AND co.location IS NOT NULL) AS offices,
             ST_XMin(b) AS xmin, ST_YMin(b) AS ymin, ST_XMax(b) AS xmax, ST_YMax(b) AS ymax
      FROM box`);
    const extent =
      row && row.xmin !== null && row.ymin !== null && row.xmax !== null && row.ymax !== null
        ? { xmin: row.xmin, ymin: row.ymin, xmax: row.xmax, ymax: row.ymax }
        : null;
    return { counts, offices: row?.offices ?? 0, extent };
  },

  /**
   * One page of a type's elements as CSV lines (id order, no header): per element its geometry
   * on the type's layer, then its name as a label point on `<layer> text` (none for an empty
   * name). Columns: DXF layer, OGR style, hex WKB (EPSG:4326). Null when the page is empty.
   */
  async page(
    db: Queryable,
    sources: DxfSources,
    page: {
      type: ElementTypeName;
      geometry: GeometryKind;
      layer: string;
      /** The type's colour, for elements whose template has none. */
      colour: string;
      srid: number;
      sizes: LabelSizes;
      afterId: number;
      limit: number;
    },
  ): Promise<{ csv: string | null; last: number | null; rows: number }> {
    const { geometry, layer } = page;
    const label = labelPlace(geometry, page.sizes);
    const geom = geometry === 'polygon' ? sql`ST_ForcePolygonCCW(e.geom)` : sql`e.geom`;
    const row = await db.one<{ csv: string | null; last: number | null; rows: number }>(sql`
      WITH el AS (
        SELECT e.* FROM network_elements e
        WHERE ${liveIn(sources)} AND e.type = ${page.type} AND e.id > ${page.afterId}
        ORDER BY e.id
        LIMIT ${page.limit}),
      lines AS (
        SELECT e.id,
               ${csvField(sql`${layer}::text`)} || ',' ||
               ${csvField(geometryStyle(geometry, page.colour))} || ',' || ${hexWkb(geom)} AS shape,
               CASE WHEN btrim(e.name) <> '' THEN
                 ${csvField(sql`${`${layer} text`}::text`)} || ',' ||
                 ${csvField(labelStyle(sql`e.name`, page.sizes, label.placement))} || ',' ||
                 ${hexWkb(label.point)} END AS label
        FROM el e
        LEFT JOIN element_templates t ON t.id = e.template_id
        CROSS JOIN (SELECT ${page.srid}::int AS srid) ang_srid
        ${label.lateral ?? sql``})
      SELECT string_agg(concat_ws(E'\n', shape, label), E'\n' ORDER BY id) AS csv,
             max(id) AS last, count(*)::int AS rows
      FROM lines`);
    return row ?? { csv: null, last: null, rows: 0 };
  },

  /**
   * The offices' places and names, as `page` writes elements (no style: a point takes its
   * layer's colour); null when none has a place.
   */
  async offices(
    db: Queryable,
    sources: DxfSources,
    office: { layer: string; sizes: LabelSizes },
  ): Promise<string | null> {
    const { layer, sizes } = office;
    const placement = sql`${`,dx:${styleNumber(sizes.gap)}g,p:4`}::text`;
    const row = await db.one<{ csv: string | null }>(sql`
      SELECT string_agg(concat_ws(E'\n',
               ${csvField(sql`${layer}::text`)} || ',' ||
               ',' ||
               ${hexWkb(sql`co.location`)},
               CASE WHEN btrim(co.name) <> '' THEN
                 ${csvField(sql`${`${layer} text`}::text`)} || ',' ||
                 ${csvField(labelStyle(sql`co.name`, sizes, placement))} || ',' ||
                 ${hexWkb(sql`co.location`)} END), E'\n' ORDER BY co.id) AS csv
      FROM central_offices co
      WHERE co.id = ANY(${intArray(sources.centralOfficeIds)}::int[]) AND co.location IS NOT NULL`);
    return row?.csv ?? null;
  },

  /** The clusters of a wider scope (office, project) that are drawn: all but Cancelled ones. */
  async activeClusters(db: Queryable, clusterIds: number[]): Promise<number[]> {
    const rows = await db.rows<{ id: number }>(sql`
      SELECT id FROM clusters
      WHERE id = ANY(${intArray(clusterIds)}::int[]) AND project_phase <> 'Cancelled'
      ORDER BY id`);
    return rows.map((r) => r.id);
  },
};
