import { sql } from 'drizzle-orm';
import { elementTypeByName, type ElementTypeName, type LatLng } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/**
 * Every live element of a type in a cluster, in the API shape of SPEC §3, as one JSON text.
 *
 * Why in Node and not with element-json.sql.ts: building the JSON in SQL (an attribute
 * subquery per element, json_build_object, per-vertex dumps) costs about 130 µs an element
 * on embedded PGlite, 13 s for a 100,000-element cluster; the map waits on it. Here the
 * database answers plain columns (geometry as WKB) and the per-template parts are built
 * once. The shape and values are those of ELEMENT_JSON; a test holds them equal.
 */
export async function clusterElementsJson(
  db: Queryable,
  clusterId: number,
  typeName: ElementTypeName,
): Promise<string> {
  const type = elementTypeByName(typeName);
  if (!type) return '[]';
  const rows = await db.rows<ElementRow>(sql`
    SELECT e.id, e.name, e.version, e.template_id AS t, e.updated_by AS ub, e.created_by AS cb,
           floor(extract(epoch FROM e.created_at) * 1000)::float8 AS ca,
           floor(extract(epoch FROM e.updated_at) * 1000)::float8 AS ua,
           e.attributes AS a, ${geometryColumns(type.geometry)}
    FROM network_elements e
    WHERE e.cluster_id = ${clusterId} AND e.type = ${typeName} AND e.deleted_at IS NULL
    ORDER BY e.id`);
  if (rows.length === 0) return '[]';
  const templates = await templatesOf(db, [...new Set(rows.map((r) => r.t))]);
  const networkElement = { id: type.id, type: type.internalName, name: type.displayName };
  const parts = rows.map((row) => {
    const template = templates.get(row.t);
    const coordinates = coordinatesOf(type.geometry, row);
    const anchor = Array.isArray(coordinates)
      ? type.geometry === 'line'
        ? coordinates[0]
        : { lat: row.ay ?? 0, lng: row.ax ?? 0 }
      : coordinates;
    const createdAt = new Date(row.ca).toISOString();
    const updatedAt = new Date(row.ua).toISOString();
    const derived: Record<string, unknown> = {
      Name: row.name,
      Coordinates: anchor ? `${anchor.lat}, ${anchor.lng}` : '',
      'Creation Date': createdAt,
      'Last Modification Date': updatedAt,
    };
    if (type.geometry === 'line') derived.Length = row.len;
    const attributes = template?.attributes.length
      ? template.attributes.map((def) => ({
          name: def.name,
          value: Object.hasOwn(derived, def.name)
            ? derived[def.name]
            : Object.hasOwn(row.a, def.name)
              ? row.a[def.name]
              : '',
          inputType: def.inputType,
          attribute_name: def.key,
        }))
      : null;
    return JSON.stringify({
      id: row.id,
      name: row.name,
      version: row.version,
      coordinates,
      attributes,
      updatedById: row.ub,
      createdById: row.cb,
      networkElementId: type.id,
      networkElement,
      templateId: row.t,
      clusterId,
      geometry: template ? styleOf(type.geometry, template.style, row.a) : null,
      zone: type.geometry === 'polygon' ? { color: template?.style.color ?? null } : null,
      createdAt,
      updatedAt,
    });
  });
  return `[${parts.join(',')}]`;
}

interface ElementRow {
  id: number;
  name: string;
  version: number;
  t: number;
  ub: number | null;
  cb: number | null;
  ca: number;
  ua: number;
  a: Record<string, unknown>;
  /** a point's longitude and latitude */
  x?: number;
  y?: number;
  /** a line's or zone's geometry as WKB */
  wkb?: Uint8Array;
  /** a zone's anchor for its Coordinates attribute: a point inside it */
  ax?: number;
  ay?: number;
  /** a cable's geodesic length in metres, rounded to centimetres */
  len?: number | null;
}

const geometryColumns = (kind: string) =>
  kind === 'point'
    ? sql`ST_X(e.geom) AS x, ST_Y(e.geom) AS y`
    : kind === 'line'
      ? sql`ST_AsBinary(e.geom) AS wkb, round(e.length_m::numeric, 2)::float8 AS len`
      : sql`ST_AsBinary(e.geom) AS wkb,
            ST_X(ST_PointOnSurface(e.geom)) AS ax, ST_Y(ST_PointOnSurface(e.geom)) AS ay`;

function coordinatesOf(kind: string, row: ElementRow): LatLng | LatLng[] {
  if (kind === 'point') return { lat: row.y ?? 0, lng: row.x ?? 0 };
  const path = row.wkb ? firstPathOfWkb(row.wkb) : [];
  // A zone's ring without its closing vertex, as the editor drew it.
  return kind === 'polygon' ? path.slice(0, -1) : path;
}

/**
 * The vertices of a WKB LineString, or of a Polygon's exterior ring (the only shapes
 * elements hold; see the validation). Read by hand: a dozen lines, and exact doubles,
 * where a text form would round them.
 */
export function firstPathOfWkb(wkb: Uint8Array): LatLng[] {
  const view = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength);
  const little = view.getUint8(0) === 1;
  const kind = view.getUint32(1, little) % 1000;
  let at = 5;
  if (kind === 3) at += 4; // the ring count; the exterior ring comes first
  const count = view.getUint32(at, little);
  at += 4;
  const path: LatLng[] = new Array(count);
  for (let i = 0; i < count; i++, at += 16) {
    path[i] = { lat: view.getFloat64(at + 8, little), lng: view.getFloat64(at, little) };
  }
  return path;
}

interface TemplateParts {
  attributes: { name: string; inputType: string | null; key: string | null }[];
  style: Record<string, unknown> & { color?: string };
}

async function templatesOf(db: Queryable, ids: number[]): Promise<Map<number, TemplateParts>> {
  const rows = await db.rows<{ id: number; attributes: Record<string, unknown>[]; style: never }>(
    sql`SELECT id, attributes, style FROM element_templates WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((t) => [
      t.id,
      {
        attributes: t.attributes.map((def) => ({
          name: asText(def.name) ?? '',
          inputType: asText(def.inputType),
          key: asText(def.key),
        })),
        style: t.style,
      },
    ]),
  );
}

/** Text of a JSON value as PostgreSQL's ->> gives it. */
const asText = (v: unknown) => (v == null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** Markers: icon and size; cables: colour by capacity, the capacity and pattern lists. */
function styleOf(kind: string, style: TemplateParts['style'], attrs: Record<string, unknown>) {
  if (kind === 'point') {
    const size = asText(style.iconSize);
    return { url: asText(style.iconUrl), iconSize: size == null ? null : parseInt(size, 10) };
  }
  if (kind !== 'line') return null;
  const capacity = asText(attrs.Capacity)?.replace(/^"+|"+$/g, '');
  const cables = Array.isArray(style.cables) ? (style.cables as Record<string, unknown>[]) : [];
  const match = cables.find((c) => capacity != null && asText(c.capacity) === capacity);
  return {
    color: asText(match?.color) ?? asText(style.color),
    cables: style.cables ?? null,
    lines: style.lines ?? null,
  };
}
