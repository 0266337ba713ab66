import type {
  AttributeDefinition,
  AttributeValue,
  GeometryKind,
  LatLng,
} from '@integration/contracts';
import type { MessageKey, MessageVars } from '../../i18n/translate.ts';

/** Something wrong with one field of one item, to be localised and reported by index. */
export interface Problem {
  field: string;
  key: MessageKey;
  vars?: MessageVars;
}

type Coordinates = LatLng | LatLng[];

const sameSpot = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;
const distinctCount = (points: LatLng[]) => new Set(points.map((p) => `${p.lat},${p.lng}`)).size;

// Extended WKB (little-endian, with SRID 4326): what PostGIS reads fastest from text, so
// geometries reach the database without a GeoJSON round trip.
const EWKB_SRID_FLAG = 0x20000000;
const EWKB_TYPE = { point: 1, line: 2, polygon: 3 } as const;

// One buffer for every geometry written (grown when a longer one comes): a batch of
// 10,000 points otherwise allocates 10,000 buffers only to read each once as hex.
let scratch = Buffer.allocUnsafe(1024);

function ewkb(kind: GeometryKind, points: LatLng[]): string {
  const header = 9;
  const counts = kind === 'point' ? 0 : kind === 'line' ? 4 : 8;
  const size = header + counts + points.length * 16;
  if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
  const buffer = scratch;
  buffer.writeUInt8(1, 0);
  buffer.writeUInt32LE((EWKB_TYPE[kind] | EWKB_SRID_FLAG) >>> 0, 1);
  buffer.writeUInt32LE(4326, 5);
  let offset = header;
  if (kind === 'polygon') offset = buffer.writeUInt32LE(1, offset);
  if (kind !== 'point') offset = buffer.writeUInt32LE(points.length, offset);
  for (const p of points) {
    offset = buffer.writeDoubleLE(p.lng, offset);
    offset = buffer.writeDoubleLE(p.lat, offset);
  }
  return buffer.toString('hex', 0, size);
}

/**
 * Checks that coordinates fit the type's geometry and answers it as hex EWKB for PostGIS
 * (zone rings closed). Zone rings are then checked for self-intersections by PostGIS.
 */
export function geometryFor(
  kind: GeometryKind,
  coordinates: Coordinates,
): { ewkb: string } | Problem {
  if (kind === 'point') {
    if (Array.isArray(coordinates)) return { field: 'coordinates', key: 'elements.expectedPoint' };
    return { ewkb: ewkb('point', [coordinates]) };
  }
  if (!Array.isArray(coordinates)) return { field: 'coordinates', key: 'elements.expectedList' };
  if (kind === 'line') {
    if (distinctCount(coordinates) < 2)
      return { field: 'coordinates', key: 'elements.lineTooShort' };
    return { ewkb: ewkb('line', coordinates) };
  }
  const first = coordinates[0];
  const last = coordinates[coordinates.length - 1];
  const open = first && last && sameSpot(first, last) ? coordinates.slice(0, -1) : coordinates;
  if (distinctCount(open) < 3 || !open[0])
    return { field: 'coordinates', key: 'elements.zoneTooShort' };
  return { ewkb: ewkb('polygon', [...open, open[0]]) };
}

export type AttributesInput =
  { name: string; value?: AttributeValue }[] | Record<string, AttributeValue>;

function entries(input: AttributesInput | undefined): [string, AttributeValue][] {
  if (!input) return [];
  if (Array.isArray(input)) return input.map((a) => [a.name, a.value ?? '']);
  return Object.entries(input);
}

/** A number attribute's value is less than this in magnitude (|x| < 10^15, exact in float8). */
export const ATTRIBUTE_NUMBER_BOUND = 1e15;

/** One value checked and normalised for its definition; dropdowns are stored JSON-encoded. */
function normalise(def: AttributeDefinition, raw: AttributeValue): AttributeValue | Problem {
  const field = `attributes.${def.name}`;
  const vars = { name: def.name };
  if (raw === '' || raw === null) {
    return def.required ? { field, key: 'elements.attributeRequired', vars } : '';
  }
  switch (def.inputType) {
    case 'text':
      return String(raw);
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n)) return { field, key: 'elements.attributeNumber', vars };
      // Reports multiply and add these: 1e199 × 1e199 overflows the database's float8.
      return Math.abs(n) < ATTRIBUTE_NUMBER_BOUND
        ? n
        : { field, key: 'accounts.attributeNumberBound', vars: { ...vars, max: '10^15' } };
    }
    case 'dropdown': {
      let option: unknown = raw;
      if (typeof raw === 'string' && raw.startsWith('"')) {
        try {
          option = JSON.parse(raw);
        } catch {
          option = raw;
        }
      }
      const options = def.options ?? [];
      return typeof option === 'string' && options.includes(option)
        ? JSON.stringify(option)
        : {
            field,
            key: 'elements.attributeOption',
            vars: { ...vars, options: options.join(', ') },
          };
    }
    case 'date':
      return typeof raw === 'string' &&
        /^\d{4}-\d{2}-\d{2}/.test(raw) &&
        !Number.isNaN(Date.parse(raw))
        ? raw
        : { field, key: 'elements.attributeDate', vars };
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return { field, key: 'elements.attributeBoolean', vars };
    case 'place':
      if (typeof raw !== 'string') return { field, key: 'elements.attributePlace', vars };
      try {
        JSON.parse(raw);
        return raw;
      } catch {
        return { field, key: 'elements.attributePlace', vars };
      }
  }
}

export interface CheckedAttributes {
  values: Record<string, AttributeValue>;
  /** The Name attribute, when the client set the name that way. */
  name?: string;
  problems: Problem[];
}

export type AttributeChecker = (
  input: AttributesInput | undefined,
  mode: 'create' | 'update',
) => CheckedAttributes;

/**
 * Checks attributes against a template. On create, absent attributes take the template's
 * defaults and required ones must be there; on update only the given ones are checked.
 * Derived attributes are the server's: their values are ignored (Name sets the name).
 * Build one checker per template and reuse it for every item of a batch.
 */
export function attributeChecker(defs: AttributeDefinition[]): AttributeChecker {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const stored = defs.filter((d) => !d.derived);
  return (input, mode) => {
    const given = new Map(entries(input));
    // No prototype: an attribute named '__proto__' is a value like any other.
    const result: CheckedAttributes = { values: Object.create(null), problems: [] };
    for (const [name, value] of given) {
      if (!byName.has(name)) {
        result.problems.push({
          field: `attributes.${name}`,
          key: 'elements.attributeUnknown',
          vars: { name },
        });
      } else if (name === 'Name') {
        if (typeof value === 'string' && value.trim()) result.name = value.trim();
      }
    }
    for (const def of stored) {
      const provided = given.has(def.name);
      if (!provided && mode === 'update') continue;
      const raw = provided ? (given.get(def.name) ?? '') : (def.default ?? '');
      const checked = normalise(def, raw);
      if (typeof checked === 'object' && checked !== null) result.problems.push(checked);
      else result.values[def.name] = checked;
    }
    return result;
  };
}

export const checkAttributes = (
  defs: AttributeDefinition[],
  input: AttributesInput | undefined,
  mode: 'create' | 'update',
): CheckedAttributes => attributeChecker(defs)(input, mode);
