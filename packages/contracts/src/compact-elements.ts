import { elementTypeByName, type ElementTypeName } from './element-types.ts';
import type { AttributeValue, LatLng, MapElement } from './elements.ts';

/**
 * A cluster's elements of one type as flat rows (`GET {base}/cluster/{id}?shape=compact`),
 * expanded here into the Map elements of SPEC §3, on the server for the full answer and
 * in the browser for the map.
 *
 * Why: the full shape repeats every attribute's name, input type and key and the style
 * lists in each element, about 1 kB each; 100,000 elements weighed 115 MB. Rows carry only
 * what differs per element (a fifth of that) and the templates once.
 */
export interface CompactElements {
  type: ElementTypeName;
  clusterId: number;
  templates: CompactTemplate[];
  rows: CompactRow[];
}

export interface CompactTemplate {
  id: number;
  /** Attribute definitions in display order: name, inputType, key. */
  attributes: { name: string; inputType: string | null; key: string | null }[];
  style: Record<string, unknown>;
}

/**
 * [id, name, version, templateId, updatedById, createdById, createdAt ms, updatedAt ms,
 *  stored attributes, geometry, extra]: geometry is [lng, lat] for a point, else the WKB of
 * the line or polygon in hexadecimal (exact doubles, where a text form would round them);
 * extra is a cable's length in metres (centimetres), a zone's [lng, lat] inside it, or a PBO-FAT's
 * users as its splices count them (issue 26; null where it holds no splitter).
 */
export type CompactRow = [
  number,
  string,
  number,
  number,
  number | null,
  number | null,
  number,
  number,
  Record<string, AttributeValue>,
  [number, number] | string,
  number | [number, number] | null,
];

export function expandCompactElements(compact: CompactElements): MapElement[] {
  const type = elementTypeByName(compact.type);
  if (!type) return [];
  const templates = new Map(compact.templates.map((t) => [t.id, t]));
  const networkElement = { id: type.id, type: type.internalName, name: type.displayName };
  const isLine = type.geometry === 'line';
  // Elements written together share their dates, and points of a template their style:
  // worked out once each (100,000 elements are 200,000 dates otherwise).
  const isoDates = new Map<number, string>();
  const isoAt = (ms: number) => {
    let iso = isoDates.get(ms);
    if (iso === undefined) isoDates.set(ms, (iso = new Date(ms).toISOString()));
    return iso;
  };
  const pointStyles = new Map<number, ReturnType<typeof styleOf>>();
  const styleFor = (template: CompactTemplate, stored: Record<string, AttributeValue>) => {
    if (type.geometry !== 'point') return styleOf(type.geometry, template.style, stored);
    let style = pointStyles.get(template.id);
    if (!style) pointStyles.set(template.id, (style = styleOf('point', template.style, stored)));
    return style;
  };
  return compact.rows.map((row) => {
    const [id, name, version, templateId, updatedById, createdById, ca, ua, stored, geom, extra] =
      row;
    const template = templates.get(templateId);
    const coordinates: LatLng | LatLng[] =
      typeof geom === 'string'
        ? verticesOfWkb(geom, type.geometry === 'polygon')
        : { lat: geom[1], lng: geom[0] };
    const createdAt = isoAt(ca);
    const updatedAt = isoAt(ua);
    // Attributes the server derives from the element itself, so they cannot drift.
    const derived = (attribute: string): AttributeValue | null | undefined => {
      switch (attribute) {
        case 'Name':
          return name;
        case 'Coordinates': {
          const anchor = Array.isArray(coordinates)
            ? Array.isArray(extra)
              ? { lat: extra[1], lng: extra[0] }
              : coordinates[0]
            : coordinates;
          return anchor ? `${anchor.lat}, ${anchor.lng}` : '';
        }
        case 'Creation Date':
          return createdAt;
        case 'Last Modification Date':
          return updatedAt;
        case 'Length':
          return isLine ? (typeof extra === 'number' ? extra : null) : undefined;
        case 'Existing Users':
          if (type.internalName !== 'PboFat') return undefined;
          return typeof extra === 'number' ? extra : existingUsers(stored);
        default:
          return undefined;
      }
    };
    const attributes = template?.attributes.length
      ? template.attributes.map((def) => {
          const value = derived(def.name);
          return {
            name: def.name,
            // Note: null is a derived value (a cable without length); undefined is none.
            value:
              value !== undefined ? value : Object.hasOwn(stored, def.name) ? stored[def.name] : '',
            inputType: def.inputType,
            attribute_name: def.key,
          };
        })
      : null;
    return {
      id,
      name,
      version,
      coordinates,
      attributes,
      updatedById,
      createdById,
      networkElementId: type.id,
      networkElement,
      templateId,
      clusterId: compact.clusterId,
      geometry: template ? styleFor(template, stored) : null,
      zone: type.geometry === 'polygon' ? { color: asText(template?.style.color) } : null,
      createdAt,
      updatedAt,
    } as unknown as MapElement;
  });
}

/**
 * A PBO-FAT's users: the items of its 'FAT Existing Users ID' list (JSON text); empty when it
 * holds no list. The same as element-json.sql.ts and the reports engine compute.
 */
export function existingUsers(stored: Record<string, AttributeValue>): number | '' {
  const list = stored['FAT Existing Users ID'];
  if (typeof list !== 'string' || !list.trimStart().startsWith('[')) return '';
  try {
    const items: unknown = JSON.parse(list);
    return Array.isArray(items) ? items.length : '';
  } catch {
    return '';
  }
}

/** Text of a JSON value as PostgreSQL's ->> gives it. */
const asText = (v: unknown) => (v == null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/** Markers: icon and size; cables: colour by capacity, the capacity and pattern lists. */
function styleOf(kind: string, style: Record<string, unknown>, stored: Record<string, unknown>) {
  if (kind === 'point') {
    const size = asText(style.iconSize);
    return { url: asText(style.iconUrl), iconSize: size == null ? null : parseInt(size, 10) };
  }
  if (kind !== 'line') return null;
  // Dropdown values are JSON-encoded (SPEC §3): "\"48\"" and "48" name the same capacity.
  const capacity = asText(stored.Capacity)?.replace(/^"+|"+$/g, '');
  const cables = Array.isArray(style.cables) ? (style.cables as Record<string, unknown>[]) : [];
  const match = cables.find((c) => capacity != null && asText(c.capacity) === capacity);
  return {
    color: asText(match?.color) ?? asText(style.color),
    cables: style.cables ?? null,
    lines: style.lines ?? null,
  };
}

/** A hexadecimal digit's value (0-9, a-f, A-F), from its character code. */
const nibble = (code: number) => (code <= 57 ? code - 48 : (code | 32) - 87);

/**
 * The vertices of a LineString, or of a Polygon's exterior ring without its closing vertex
 * (as the editor drew it), from hexadecimal WKB: the only shapes elements hold.
 */
export function verticesOfWkb(hex: string, ring: boolean): LatLng[] {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = (nibble(hex.charCodeAt(i * 2)) << 4) | nibble(hex.charCodeAt(i * 2 + 1));
  }
  const view = new DataView(bytes.buffer);
  const little = view.getUint8(0) === 1;
  let at = view.getUint32(1, little) % 1000 === 3 ? 9 : 5; // a polygon: skip its ring count
  const count = view.getUint32(at, little);
  at += 4;
  const path: LatLng[] = new Array(count);
  for (let i = 0; i < count; i++, at += 16) {
    path[i] = { lat: view.getFloat64(at + 8, little), lng: view.getFloat64(at, little) };
  }
  return ring ? path.slice(0, -1) : path;
}
