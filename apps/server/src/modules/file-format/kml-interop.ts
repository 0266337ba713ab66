import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { ImportedLayer } from '@integration/contracts';
import { KIND_OF } from './feature-checks.ts';
import { KML_FIELDS } from './kml-reader.ts';

/**
 * Test support for interop.test.ts: what QGIS shows of a KML or KMZ, read by Debian's gdal-bin
 * with its LIBKML driver (the driver QGIS uses, and gdal-bin's default for .kml and .kmz), and how
 * our import compares with it.
 */

/** Whether gdal-bin has LIBKML (Debian's does). */
export const hasLibkml = (() => {
  try {
    return /LIBKML/.test(execFileSync('ogrinfo', ['--formats'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();

type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] } | null;
export interface LibkmlFeature {
  geometry: Geometry;
  properties: Record<string, unknown> | null;
}
export interface LibkmlLayer {
  /** Trimmed: LIBKML keeps the spaces around a top Document's name, we do not. */
  name: string;
  /** Features with something to draw (see drawable). */
  features: LibkmlFeature[];
}

const run = promisify(execFile);
const ogr = async (args: string[]) =>
  (
    await run(args[0] ?? '', args.slice(1), {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      env: { ...process.env, GDAL_SKIP: 'KML' },
    })
  ).stdout;

/** No position at all: [] or [[]]… (a number is a position's part, anything else is nothing). */
const empty = (value: unknown): boolean =>
  Array.isArray(value) ? value.length === 0 || value.every(empty) : typeof value !== 'number';

/**
 * A LIBKML geometry as something drawn, or null: LIBKML keeps placemarks whose geometry is empty
 * ("LINESTRING EMPTY", a Point without coordinates); we leave them out as features without
 * geometry. A one-position gx:Track is a LineString of one position there, a point here.
 */
export function drawable(geometry: Geometry): Geometry {
  if (!geometry) return null;
  if (geometry.type === 'GeometryCollection') {
    const parts = (geometry.geometries ?? []).map(drawable).filter(Boolean) as Geometry[];
    return parts.length ? { ...geometry, geometries: parts } : null;
  }
  if (empty(geometry.coordinates)) return null;
  if (geometry.type === 'LineString' && (geometry.coordinates as unknown[]).length === 1) {
    return { type: 'Point', coordinates: (geometry.coordinates as unknown[])[0] };
  }
  return geometry;
}

/** Every layer LIBKML reads from a .kml or .kmz (a KMZ's linked files included), as WGS84 GeoJSON. */
export async function libkmlLayers(file: string): Promise<LibkmlLayer[]> {
  let listing: string;
  try {
    listing = await ogr(['ogrinfo', '-ro', '-q', file]);
  } catch {
    return [];
  }
  const layers: LibkmlLayer[] = [];
  // "1: name" per layer; a name may hold line breaks (LIBKML does not trim a Document's name).
  for (const chunk of listing.replace(/^\s*INFO:[^\n]*\n/, '').split(/\n(?=\d+: )/)) {
    const match = /^\d+: ([\s\S]*?)\n?$/.exec(chunk);
    if (!match) continue;
    const name = match[1] ?? '';
    let features: LibkmlFeature[] = [];
    try {
      const text = await ogr([
        'ogr2ogr',
        '-f',
        'GeoJSON',
        '/vsistdout/',
        '-lco',
        'RFC7946=YES',
        file,
        name,
      ]);
      features = (JSON.parse(text) as { features: LibkmlFeature[] }).features;
    } catch {
      // an unreadable layer counts as an empty one
    }
    layers.push({
      name: name.trim(),
      features: features.flatMap((f) => {
        const geometry = drawable(f.geometry);
        return geometry ? [{ ...f, geometry }] : [];
      }),
    });
  }
  return layers;
}

/** LIBKML's own fields, which our import does not give (they are KML display settings). */
const LIBKML_ONLY = new Set(['tessellate', 'extrude', 'visibility', 'altitudeMode', 'drawOrder']);
/** LIBKML's names of the fields we name otherwise. */
const OURS_FOR: Record<string, string> = { description: KML_FIELDS.description };
const TIMES = new Set<string>([KML_FIELDS.timestamp, KML_FIELDS.begin, KML_FIELDS.end]);

/** How a file may differ from LIBKML on purpose (see interop-expectations.ts). */
export interface KmlDifference {
  /** Only feature counts compared, layer by layer. */
  countsOnly?: boolean;
  /** Geometries of another type (not compared). */
  types?: boolean;
  /** GroundOverlay footprints (LIBKML's have an `icon`): first positions not compared. */
  overlays?: boolean;
  /** Fields not compared. */
  fields?: string[];
}

function firstPosition(value: unknown): number[] | null {
  let v = value;
  while (Array.isArray(v) && Array.isArray(v[0])) v = v[0];
  return Array.isArray(v) ? (v as number[]) : null;
}

const firstOf = (g: Geometry): number[] | null =>
  g?.type === 'GeometryCollection'
    ? firstOf(g.geometries?.[0] ?? null)
    : firstPosition(g?.coordinates);

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (blank(a)) return blank(b);
  if (TIMES.has(field) && typeof a === 'string' && typeof b === 'string') {
    return Date.parse(a) === Date.parse(b);
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  }
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Differences between our layers of one upload and LIBKML's, as readable lines. */
export function compareWithLibkml(
  ours: ImportedLayer[],
  refs: LibkmlLayer[],
  difference: KmlDifference = {},
): string[] {
  const problems: string[] = [];
  for (const ref of refs) {
    const mine = ours.filter((l) => l.sourceLayer === ref.name);
    const count = mine.reduce((n, l) => n + l.featureCount, 0);
    if (count !== ref.features.length) {
      problems.push(`${ref.name}: ${count} features, LIBKML ${ref.features.length}`);
      continue;
    }
    if (difference.countsOnly) continue;
    for (const layer of mine) {
      const kind = (f: LibkmlFeature) => KIND_OF[f.geometry?.type ?? ''];
      const theirs = difference.types
        ? ref.features
        : ref.features.filter((f) => kind(f) === layer.geometryKind);
      layer.features.features.forEach((feature, i) => {
        const other = theirs[i];
        const where = `${ref.name} #${i}`;
        if (!other) return problems.push(`${where}: no such feature in LIBKML`);
        if (!difference.types && feature.geometry?.type !== other.geometry?.type) {
          problems.push(`${where}: ${feature.geometry?.type}, LIBKML ${other.geometry?.type}`);
        }
        const [x1 = 0, y1 = 0] = firstOf(feature.geometry as Geometry) ?? [];
        const [x2 = 0, y2 = 0] = firstOf(other.geometry) ?? [];
        const overlay = difference.overlays && other.properties?.icon !== undefined;
        if (!overlay && (Math.abs(x1 - x2) > 1e-6 || Math.abs(y1 - y2) > 1e-6)) {
          problems.push(`${where}: first position ${x1},${y1}, LIBKML ${x2},${y2}`);
        }
        const props = feature.properties ?? {};
        // LIBKML launders field names ('marker-color' → 'marker_color'); we keep the file's.
        const laundered = new Map(Object.keys(props).map((k) => [k.replace(/-/g, '_'), k]));
        for (const [field, value] of Object.entries(other.properties ?? {})) {
          if (LIBKML_ONLY.has(field) || difference.fields?.includes(field)) continue;
          const mineField = OURS_FOR[field] ?? laundered.get(field) ?? field;
          if (!sameValue(field, value, props[mineField])) {
            problems.push(
              `${where} ${field}: ${JSON.stringify(props[mineField])}, LIBKML ${JSON.stringify(value)}`,
            );
          }
        }
      });
    }
  }
  for (const layer of ours) {
    if (!refs.some((r) => r.name === layer.sourceLayer)) {
      problems.push(`${layer.file} ${layer.sourceLayer}: not a layer for LIBKML`);
    }
  }
  return problems;
}
