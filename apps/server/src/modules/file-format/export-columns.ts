import type { ElementTypeName } from '@integration/contracts';
import type { UsedTemplate, ValueKind } from './export.repository.ts';

/** How an exported column is typed: as GDAL's GeoJSON reader typed the values it saw. */
export type ColumnKind =
  'integer' | 'integer64' | 'real' | 'boolean' | 'date' | 'time' | 'datetime' | 'json' | 'string';

export interface ExportColumn {
  /** The attribute's name in the template. */
  name: string;
  /** Its name in the file (shortened for shapefiles). */
  field: string;
  kind: ColumnKind;
  /** The templates holding it, or null when every template of the type's elements does. */
  templates: number[] | null;
  /** Whether its values are dropdown choices (JSON-encoded): everywhere, nowhere, or in these templates. */
  dropdown: boolean | number[];
}

/** Attributes set by the server from the row itself, whatever their stored values. */
function derivedKind(name: string, type: ElementTypeName): ColumnKind | null {
  if (name === 'Name' || name === 'Coordinates') return 'string';
  if (name === 'Creation Date' || name === 'Last Modification Date') return 'datetime';
  if (name === 'Length' && type === 'Cable') return 'real';
  if (name === 'Existing Users' && type === 'PboFat') return 'integer';
  return null;
}

const NUMBERS = new Set(['integer', 'integer64', 'real']);

/**
 * One type for all the values of an attribute, as GDAL reads them from GeoJSON: integers stay
 * integers (64-bit when one needs it), any real makes them reals, dates with date-times are
 * date-times, anything else mixed is text; only nulls is text too.
 */
export function columnKind(kinds: readonly string[]): ColumnKind {
  const seen = new Set(kinds);
  if (seen.size === 0) return 'string';
  if ([...seen].every((k) => NUMBERS.has(k))) {
    if (seen.has('real')) return 'real';
    return seen.has('integer64') ? 'integer64' : 'integer';
  }
  if (seen.size === 2 && seen.has('date') && seen.has('datetime')) return 'datetime';
  if (seen.size > 1) return 'string';
  return [...seen][0] as ColumnKind;
}

/**
 * A type's columns in template order, with their names in the file and their types, from the
 * templates its elements use and the kinds of values found in them.
 */
export function exportColumns(
  type: ElementTypeName,
  names: readonly string[],
  templates: readonly UsedTemplate[],
  kinds: readonly ValueKind[],
  fieldName: (name: string) => string,
): ExportColumn[] {
  const used = templates.filter((t) => t.type === type);
  return names.map((name) => {
    const holding = used.filter((t) => t.names.includes(name));
    const dropdowns = holding.filter((t) => t.dropdowns.includes(name)).map((t) => t.id);
    const isDropdown = new Set(dropdowns);
    const ids = new Set(holding.map((t) => t.id));
    const found = kinds
      .filter((k) => k.name === name && ids.has(k.templateId))
      .map((k) => (isDropdown.has(k.templateId) ? k.dropdownKind : k.kind))
      .filter((k): k is string => k !== null);
    return {
      name,
      field: fieldName(name),
      kind: derivedKind(name, type) ?? columnKind(found),
      templates: holding.length === used.length ? null : [...ids],
      dropdown: dropdowns.length === 0 ? false : dropdowns.length === holding.length || dropdowns,
    };
  });
}

/** The OGR field type GDAL is told for a column (the CSV carries every value as text). */
export const OGR_FIELD: Record<ColumnKind, { type: string; subtype?: string }> = {
  integer: { type: 'Integer' },
  integer64: { type: 'Integer64' },
  real: { type: 'Real' },
  boolean: { type: 'Integer', subtype: 'Boolean' },
  date: { type: 'Date' },
  time: { type: 'Time' },
  datetime: { type: 'DateTime' },
  // As GDAL's GeoJSON reader has them: text, which its GeoJSON writer turns back into JSON.
  json: { type: 'String' },
  string: { type: 'String' },
};

/**
 * Whether a point type holds MultiPoints beside its Points (a file written into the database by
 * another tool): every element is then written as a MultiPoint, since a shapefile holds one kind
 * of shape and its point layers refuse MultiPoints. Lines and polygons need not: a shapefile's
 * arcs and polygons take both forms (and PostGIS writes a one-part MultiLineString in a
 * FlatGeobuf that GDAL cannot read).
 */
export function pointsWithMultiPoints(geometries: readonly string[]): boolean {
  const upper = geometries.map((g) => g.toUpperCase()).sort();
  return upper.length === 2 && upper[0] === 'MULTIPOINT' && upper[1] === 'POINT';
}

/**
 * The layer's geometry type for GDAL, from its elements' (PostGIS names): one type as it is, a mix
 * as any geometry, as GDAL's GeoJSON reader had it.
 */
export function ogrGeometryType(geometries: readonly string[]): string {
  const [only, ...others] = geometries;
  if (!only || others.length) return 'wkbUnknown';
  const name = only
    .toLowerCase()
    .replace(
      /^(multi)?(point|linestring|polygon)$/,
      (_, multi: string | undefined, base: string) => {
        const cased =
          { point: 'Point', linestring: 'LineString', polygon: 'Polygon' }[base] ?? base;
        return multi ? `Multi${cased}` : cased;
      },
    )
    .replace(/^geometrycollection$/, 'GeometryCollection');
  return /^[A-Z]/.test(name) ? `wkb${name}` : 'wkbUnknown';
}
