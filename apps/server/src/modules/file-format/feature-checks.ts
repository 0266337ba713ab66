import type { FeatureCollection, LayerGeometryKind } from '@integration/contracts';

type Feature = FeatureCollection['features'][number];
type Geometry = NonNullable<Feature['geometry']>;

export const KIND_OF: Record<string, LayerGeometryKind> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
  GeometryCollection: 'collection',
};

export interface LayerPart {
  kind: LayerGeometryKind;
  types: Set<string>;
  features: Feature[];
}

export interface SplitFeatures {
  parts: LayerPart[];
  nullGeometries: number;
  /** Index (in the file) of the first feature with a coordinate that is not a finite number. */
  notFinite: number | null;
  /** [minX, minY, maxX, maxY] of every coordinate, or null without any. */
  bbox: [number, number, number, number] | null;
}

function positionsFinite(value: unknown, box: number[]): boolean {
  if (!Array.isArray(value)) return false;
  if (value.length > 0 && typeof value[0] === 'number') {
    if (value.length < 2 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      return false;
    }
    const [x = 0, y = 0] = value as number[];
    box[0] = Math.min(box[0] ?? x, x);
    box[1] = Math.min(box[1] ?? y, y);
    box[2] = Math.max(box[2] ?? x, x);
    box[3] = Math.max(box[3] ?? y, y);
    return true;
  }
  return value.every((child) => positionsFinite(child, box));
}

function geometryFinite(geometry: Geometry, box: number[]): boolean {
  if (geometry.type === 'GeometryCollection') {
    return (geometry.geometries ?? []).every((g) => geometryFinite(g as Geometry, box));
  }
  return positionsFinite(geometry.coordinates, box);
}

/**
 * Splits a layer's features by geometry kind (a KML folder often mixes poles and cables), leaves
 * out features without geometry, and checks that every coordinate is a finite number.
 */
export function splitFeatures(features: Feature[]): SplitFeatures {
  const parts = new Map<LayerGeometryKind, LayerPart>();
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  let nullGeometries = 0;
  let notFinite: number | null = null;
  features.forEach((feature, index) => {
    // A collection of one geometry is that geometry (as GDAL's own GeoJSON writer has it).
    if (
      feature.geometry?.type === 'GeometryCollection' &&
      feature.geometry.geometries?.length === 1
    ) {
      feature.geometry = feature.geometry.geometries[0] as Geometry;
    }
    const geometry = feature.geometry;
    if (!geometry) {
      nullGeometries++;
      return;
    }
    const kind = KIND_OF[geometry.type];
    if (!kind || !geometryFinite(geometry, box)) {
      notFinite ??= index;
      return;
    }
    let part = parts.get(kind);
    if (!part) parts.set(kind, (part = { kind, types: new Set(), features: [] }));
    part.types.add(geometry.type);
    part.features.push(feature);
  });
  const [minX = 0, minY = 0, maxX = 0, maxY = 0] = box;
  const bbox: SplitFeatures['bbox'] = minX <= maxX ? [minX, minY, maxX, maxY] : null;
  return { parts: [...parts.values()], nullGeometries, notFinite, bbox };
}

/** One GeoJSON type for a part: its only type, or the Multi type when single and multi mix. */
export function partGeometryType(part: Pick<LayerPart, 'kind' | 'types'>): string {
  const [only] = part.types;
  if (part.types.size === 1 && only) return only;
  const multi: Record<LayerGeometryKind, string> = {
    point: 'MultiPoint',
    line: 'MultiLineString',
    polygon: 'MultiPolygon',
    collection: 'GeometryCollection',
  };
  return multi[part.kind];
}

export function withinLonLat(bbox: SplitFeatures['bbox']): boolean {
  if (!bbox) return true;
  const [minX, minY, maxX, maxY] = bbox;
  return minX >= -180 && maxX <= 180 && minY >= -90 && maxY <= 90;
}

/** A layer part as GeoJSON text lines, one feature each, as GDAL wrote them, never parsed. */
export interface LinePart {
  kind: LayerGeometryKind;
  types: Set<string>;
  lines: string[];
}

const NOT_FINITE = /[[,:]\s*-?(nan|inf)/i;

/**
 * splitFeatures for GDAL's GeoJSON text, one feature per line: the geometry is read
 * from its type member only (GDAL writes it after the properties), so a large layer goes from
 * GDAL to the answer without being parsed and written again. Collections of one geometry are
 * unwrapped; non-finite numbers (written by GDAL as bare nan/inf) are found in the text.
 */
export function splitFeatureLines(text: string): {
  parts: LinePart[];
  nullGeometries: number;
  notFinite: number | null;
} {
  const parts = new Map<LayerGeometryKind, LinePart>();
  let nullGeometries = 0;
  let notFinite: number | null = null;
  let index = -1;
  for (const raw of text.split('\n')) {
    // GDAL's GeoJSON writer puts each feature on a line of its own, followed by a comma.
    let line = raw.trim();
    if (!line.startsWith('{ "type": "Feature"')) continue;
    if (line.endsWith(',')) line = line.slice(0, -1);
    index++;
    const at = line.lastIndexOf('"geometry":');
    let geometry = at < 0 ? 'null' : line.slice(at + 11).trimStart();
    if (NOT_FINITE.test(geometry)) {
      notFinite ??= index;
      continue;
    }
    let type = /^\{\s*"type":\s*"(\w+)"/.exec(geometry)?.[1];
    if (type === 'GeometryCollection') {
      const feature = JSON.parse(line) as FeatureCollection['features'][number];
      splitFeatures([feature]); // unwraps a collection of one, in place
      line = JSON.stringify(feature);
      type = feature.geometry?.type;
      geometry = feature.geometry ? '{' : 'null';
    }
    const kind = type ? KIND_OF[type] : undefined;
    if (!kind || geometry.startsWith('null')) {
      nullGeometries++;
      continue;
    }
    let part = parts.get(kind);
    if (!part) parts.set(kind, (part = { kind, types: new Set(), lines: [] }));
    part.types.add(type ?? '');
    part.lines.push(line);
  }
  return { parts: [...parts.values()], nullGeometries, notFinite };
}
