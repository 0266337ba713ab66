import { kmlGen } from '@tmcw/togeojson';
import { DOMImplementation, type Document, type Element } from '@xmldom/xmldom';

/**
 * A placemark's geometry, read by @tmcw/togeojson (gx:Track, gx:MultiTrack, MultiGeometry,
 * LinearRing, GroundOverlay boxes and quads), then shaped as GDAL's LIBKML driver (what QGIS
 * uses) gives it: a MultiGeometry or gx:MultiTrack of one kind is a Multi geometry, even of one
 * part. The reader (kml-reader.ts) builds each geometry element as a small DOM with xmldom's DOM
 * API: xmldom's parser never sees the file, saxes does.
 */

export type Position = number[];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] };

/** Placemark children that hold its geometry, by local name. */
export const GEOMETRY_TAGS = new Set([
  'Point',
  'LineString',
  'LinearRing',
  'Polygon',
  'MultiGeometry',
  'Track',
  'MultiTrack',
]);
/** GroundOverlay children that place it: its footprint. */
export const OVERLAY_TAGS = new Set(['LatLonBox', 'LatLonQuad']);

/** togeojson looks the quad up with its usual prefix; every other name it takes unprefixed. */
export const domName = (local: string) => (local === 'LatLonQuad' ? 'gx:LatLonQuad' : local);

const MULTI_OF: Record<string, 'MultiPoint' | 'MultiLineString' | 'MultiPolygon'> = {
  Point: 'MultiPoint',
  LineString: 'MultiLineString',
  Polygon: 'MultiPolygon',
};

/** One Multi geometry when every part is of one simple type, else a collection. */
function asMulti(parts: Geometry[]): Geometry {
  const type = parts[0]?.type;
  const multi = type ? MULTI_OF[type] : undefined;
  if (multi && parts.every((p) => p.type === type)) {
    const coordinates = parts.map((p) => (p as { coordinates: unknown }).coordinates);
    return { type: multi, coordinates } as Geometry;
  }
  return { type: 'GeometryCollection', geometries: parts };
}

/** Builds one feature's geometry elements, then reads them. One per reader (one document). */
export class GeometryBuilder {
  private readonly doc: Document = new DOMImplementation().createDocument(null, 'kml', null);
  private readonly root = this.doc.documentElement as Element;

  createElement(name: string): Element {
    return this.doc.createElement(name);
  }

  createText(text: string) {
    return this.doc.createTextNode(text);
  }

  /**
   * The geometry of a Placemark's geometry element, or null when it holds none (no coordinates),
   * with the times of its tracks in order.
   */
  placemark(element: Element): { geometry: Geometry | null; times: string[] } {
    const feature = this.read('Placemark', element);
    const geometry = (feature?.geometry ?? null) as Geometry | null;
    const raw = feature?.properties?.coordinateProperties as { times?: unknown } | undefined;
    const times = (Array.isArray(raw?.times) ? raw.times : []).flat(2).map(String);
    if (!geometry) return { geometry, times };
    const local = element.tagName;
    if (local !== 'MultiGeometry' && local !== 'MultiTrack') return { geometry, times };
    const parts = geometry.type === 'GeometryCollection' ? geometry.geometries : [geometry];
    return { geometry: asMulti(parts), times };
  }

  /** A GroundOverlay's footprint (its LatLonBox, rotated, or its gx:LatLonQuad). */
  overlay(elements: Element[]): Geometry | null {
    const feature = this.read('GroundOverlay', ...elements);
    return (feature?.geometry ?? null) as Geometry | null;
  }

  private read(tag: 'Placemark' | 'GroundOverlay', ...children: Element[]) {
    const holder = this.doc.createElement(tag);
    for (const child of children) holder.appendChild(child);
    this.root.appendChild(holder);
    try {
      const next = kmlGen(this.doc as never).next();
      return next.done ? null : next.value;
    } finally {
      this.root.removeChild(holder);
    }
  }
}

/** Whether every coordinate of a geometry is a finite number (SPEC §5). */
export function geometryFinite(geometry: Geometry): boolean {
  if (geometry.type === 'GeometryCollection') return geometry.geometries.every(geometryFinite);
  const stack: unknown[] = [geometry.coordinates];
  while (stack.length) {
    const value = stack.pop();
    if (!Array.isArray(value)) return false;
    for (const item of value) {
      if (Array.isArray(item)) stack.push(item);
      else if (typeof item !== 'number' || !Number.isFinite(item)) return false;
    }
  }
  return true;
}
