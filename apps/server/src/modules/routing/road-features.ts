import type { RoadImportReport } from '@integration/contracts';
import { lineLengthM } from './geodesy.ts';
import { NOT_ROADS, readOneWay } from './road-rules.ts';
import type { RoadRow } from './roads.repository.ts';

/** Why a feature of a file did not become a road (message keys routing.skip.*). */
export type SkipReason = 'notLine' | 'emptyGeometry' | 'notRoad' | 'outsideWorld';

interface Feature {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

/** Where a file keeps the class, one-way and access tags: OSM names, then common others. */
const CLASS_FIELDS = ['highway', 'fclass', 'class', 'type', 'road_type', 'category'];
const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v).trim());

/** OSM's other_tags as GDAL's OSM driver writes them: "key"=>"value","key2"=>"value2". */
export function otherTags(raw: unknown): Record<string, string> {
  const tags: Record<string, string> = {};
  if (typeof raw !== 'string') return tags;
  const unescape = (s = '') => s.replace(/\\(.)/g, '$1');
  for (const [, key, value] of raw.matchAll(/"((?:[^"\\]|\\.)*)"=>"((?:[^"\\]|\\.)*)"/g)) {
    tags[unescape(key)] = unescape(value);
  }
  return tags;
}

function field(props: Record<string, unknown>, names: string[]): string | null {
  const lower = new Map(Object.entries(props).map(([k, v]) => [k.toLowerCase(), v]));
  for (const name of names) {
    const value = text(lower.get(name));
    if (value) return value;
  }
  return null;
}

const inWorld = (c: unknown): c is [number, number] =>
  Array.isArray(c) &&
  typeof c[0] === 'number' &&
  typeof c[1] === 'number' &&
  Math.abs(c[0]) <= 180 &&
  Math.abs(c[1]) <= 90;

/**
 * Turns a layer's GeoJSON features into roads: each LineString (or each part of a
 * MultiLineString) one road, with its OSM tags read from properties or OSM's other_tags.
 */
export function roadsOfFeatures(
  features: readonly Feature[],
  /** OpenStreetMap's 'lines' also hold rivers, railways, fences: only highways are roads. */
  requireClass = false,
): {
  rows: RoadRow[];
  skipped: Map<SkipReason, number>;
  /** Segments of every road (vertices less one): what the network cap counts. */
  segments: number;
} {
  const rows: RoadRow[] = [];
  let segments = 0;
  const skipped = new Map<SkipReason, number>();
  const skip = (reason: SkipReason) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  for (const feature of features) {
    const geometry = feature.geometry;
    const lines =
      geometry?.type === 'LineString'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiLineString'
          ? (geometry.coordinates as unknown[])
          : null;
    if (!lines) {
      skip(geometry ? 'notLine' : 'emptyGeometry');
      continue;
    }
    const props = { ...otherTags(feature.properties?.other_tags), ...feature.properties };
    const found = field(props, requireClass ? ['highway'] : CLASS_FIELDS);
    const highway = (found ?? 'road').toLowerCase();
    if (NOT_ROADS.has(highway) || (requireClass && !found)) {
      skip('notRoad');
      continue;
    }
    const osm = Number(text(props.osm_id) ?? NaN);
    for (const line of lines) {
      if (!Array.isArray(line)) {
        skip('emptyGeometry');
        continue;
      }
      if (!line.every(inWorld)) {
        skip('outsideWorld');
        continue;
      }
      const points = line.map((c) => [c[0], c[1]] as [number, number]);
      const lengthM = lineLengthM(points.flat());
      if (points.length < 2 || lengthM === 0) {
        skip('emptyGeometry');
        continue;
      }
      segments += points.length - 1;
      rows.push({
        wkt: `LINESTRING(${points.map((p) => `${p[0]} ${p[1]}`).join(',')})`,
        highway,
        name: field(props, ['name'])?.slice(0, 500) ?? null,
        oneway: readOneWay(field(props, ['oneway']), field(props, ['junction'])),
        access: field(props, ['access'])?.toLowerCase().slice(0, 50) ?? null,
        osmId: Number.isSafeInteger(osm) ? osm : null,
        lengthM,
      });
    }
  }
  return { rows, skipped, segments };
}

/** The report of what was loaded. */
export function importReport(
  rows: readonly RoadRow[],
  skipped: Map<SkipReason, number>,
  message: (reason: SkipReason) => string,
): RoadImportReport {
  const classes: Record<string, number> = {};
  let metres = 0;
  for (const row of rows) {
    classes[row.highway] = (classes[row.highway] ?? 0) + 1;
    metres += row.lengthM;
  }
  return {
    edges: rows.length,
    kilometres: Math.round(metres / 10) / 100,
    classes,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count, message: message(reason) })),
  };
}
