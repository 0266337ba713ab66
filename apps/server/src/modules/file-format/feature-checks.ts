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
export function partGeometryType(part: LayerPart): string {
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
