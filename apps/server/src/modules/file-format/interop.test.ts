import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ImportedLayer, ImportResult } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { hasOgr, multipart, type UploadInput } from './test-uploads.ts';
import { CSV_OPEN_OPTIONS } from './upload-sources.ts';
import { KIND_OF } from './feature-checks.ts';
import {
  INTEROP_DIFFERENCES,
  INTEROP_KML_DIFFERENCES,
  INTEROP_REFUSED,
} from './interop-expectations.ts';
import { compareWithLibkml, hasLibkml, libkmlLayers } from './kml-interop.ts';

/**
 * Imports every file of ../shared/data/interop (real files from other projects' test suites) and
 * compares what we read with what GDAL's command-line tools (Debian gdal-bin) read from the same
 * file: layers, feature counts, geometry types, attribute values, coordinates. KML and KMZ are
 * compared with gdal-bin's LIBKML driver, the one QGIS reads them with (kml-interop.ts). Files we
 * refuse on purpose, and values we read differently on purpose, are listed in
 * interop-expectations.ts.
 */
const INTEROP =
  process.env.INTEROP_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/data/interop');
const present = existsSync(INTEROP);
// The files never reach the database: CI's second pass (on PostgreSQL) need not read them again.
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!present) console.log(`interop tests skipped: ${INTEROP} does not exist`);
else if (!hasOgr)
  console.log('interop tests skipped: ogrinfo is not installed (apt-get install gdal-bin)');
else if (onPostgres)
  console.log('interop tests skipped on PostgreSQL: they run in the embedded-database pass');
else if (!hasLibkml)
  console.log('interop tests of KML and KMZ skipped: gdal-bin has no LIBKML driver (QGIS’s)');
const isKml = (unit: Unit) => /\.(kml|kmz)$/i.test(unit.id);

interface Unit {
  /** Path under the interop folder; for a loose shapefile, its .shp (or lone .dbf). */
  id: string;
  files: string[];
}

const SHAPE_PARTS = /\.(shp|shx|dbf|prj|cpg|dbt|cst)$/i;
const SINGLE = /\.(zip|kmz|kml|geojson|json|csv|gpkg|fgb)$/i;

/** What one import request sends: a shapefile's parts together, every other file alone. */
function listUnits(): Unit[] {
  const units: Unit[] = [];
  const walk = (dir: string) => {
    const names = readdirSync(dir, { withFileTypes: true });
    const bases = new Map<string, string[]>();
    for (const entry of names) {
      const rel = path.relative(INTEROP, path.join(dir, entry.name));
      if (entry.isDirectory()) {
        if (entry.name !== 'expected') walk(path.join(dir, entry.name));
      } else if (SHAPE_PARTS.test(entry.name)) {
        const base = entry.name.replace(SHAPE_PARTS, '');
        bases.set(base, [...(bases.get(base) ?? []), rel]);
      } else if (SINGLE.test(entry.name)) {
        units.push({ id: rel, files: [rel] });
      }
    }
    for (const files of bases.values()) {
      const main =
        files.find((f) => /\.shp$/i.test(f)) ??
        files.find((f) => /\.dbf$/i.test(f)) ??
        files[0] ??
        '';
      units.push({ id: main, files: files.sort() });
    }
  };
  if (present) walk(INTEROP);
  return units.sort((a, b) => a.id.localeCompare(b.id));
}

let t: TestApp;
let admin: string;
let scratch: string;

interface RefFeature {
  geometry: { type: string; coordinates?: unknown } | null;
  properties: Record<string, unknown> | null;
}
interface RefLayer {
  file: string;
  name: string;
  features: RefFeature[];
}

const run = promisify(execFile);
const ogr = async (args: string[]) =>
  (await run(args[0] ?? '', args.slice(1), { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }))
    .stdout;

/** The datasets GDAL should open for a unit: paths, and the labels our import gives them. */
async function referenceDatasets(
  unit: Unit,
  dir: string,
): Promise<{ source: string; label: string; options: string[]; restore: string[] }[]> {
  for (const file of unit.files)
    copyFileSync(path.join(INTEROP, file), path.join(dir, path.basename(file)));
  const main = path.join(dir, path.basename(unit.id));
  const options = (name: string) =>
    /\.csv$/i.test(name) ? CSV_OPEN_OPTIONS.flatMap((o) => ['-oo', o]) : [];
  if (/\.(zip|kmz)$/i.test(main)) {
    const entries = (await ogr(['unzip', '-Z1', main])).split('\n').filter(Boolean);
    const wanted = /\.kmz$/i.test(main) ? /\.kml$/i : /\.(shp|geojson|json|kml|csv|gpkg|fgb)$/i;
    return entries
      .filter((e) => wanted.test(e) && !/(^|\/)(__MACOSX\/|\.)/.test(e))
      .map((e) => ({
        source: `/vsizip/${main}/${e}`,
        label: `${path.basename(main)}/${e}`,
        options: options(e),
        restore: [],
      }));
  }
  if (/\.dbf$/i.test(main)) return [];
  const restore = unit.files.some((f) => /\.shx$/i.test(f))
    ? []
    : ['--config', 'SHAPE_RESTORE_SHX', 'YES'];
  return [{ source: main, label: path.basename(main), options: options(main), restore }];
}

const CONFIG = ['--config', 'GDAL_SKIP', 'LIBKML'];

/** What gdal-bin reads: every layer, as WGS84 GeoJSON, with the CRS handling our import chose. */
async function reference(unit: Unit, ours: ImportedLayer[]): Promise<RefLayer[]> {
  const dir = mkdtempSync(path.join(scratch, 'ref-'));
  const layers: RefLayer[] = [];
  for (const ds of await referenceDatasets(unit, dir)) {
    let listing: string;
    try {
      listing = await ogr([
        'ogrinfo',
        '-ro',
        '-q',
        ...CONFIG,
        ...ds.restore,
        ...ds.options,
        ds.source,
      ]);
    } catch {
      continue;
    }
    for (const line of listing.split('\n')) {
      const match = /^\d+: (.*?)(?: \(([^()]*)\))?$/.exec(line.trim());
      if (!match?.[1]) continue;
      const name = match[1];
      const mine = ours.find((l) => l.file === ds.label && l.sourceLayer === name);
      const srs =
        mine?.crs.source === 'assumed'
          ? ['-a_srs', 'EPSG:4326']
          : mine?.crs.source === 'user'
            ? ['-s_srs', `EPSG:${mine.crs.epsg}`, '-t_srs', 'EPSG:4326']
            : ['-t_srs', 'EPSG:4326'];
      try {
        const text = await ogr([
          'ogr2ogr',
          '-f',
          'GeoJSON',
          '/vsistdout/',
          ...CONFIG,
          ...ds.restore,
          ...ds.options,
          ...srs,
          '-lco',
          'RFC7946=YES',
          ds.source,
          name,
        ]);
        const features = (JSON.parse(text) as { features: RefFeature[] }).features;
        layers.push({ file: ds.label, name, features });
      } catch {
        layers.push({ file: ds.label, name, features: [] });
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return layers;
}

function firstPosition(value: unknown): number[] | null {
  let v = value;
  while (Array.isArray(v) && Array.isArray(v[0])) v = v[0];
  return Array.isArray(v) ? (v as number[]) : null;
}

const sameValue = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))
    : JSON.stringify(a) === JSON.stringify(b);

/** Differences between our layers and gdal-bin's, as readable lines (empty when they agree). */
function compare(
  ours: ImportedLayer[],
  refs: RefLayer[],
  ignoreFields: string[],
  countsOnly = false,
): string[] {
  const problems: string[] = [];
  for (const ref of refs) {
    const kept = ref.features.filter((f) => f.geometry);
    const mine = ours.filter((l) => l.file === ref.file && l.sourceLayer === ref.name);
    const count = mine.reduce((n, l) => n + l.featureCount, 0);
    if (count !== kept.length) {
      problems.push(`${ref.file} ${ref.name}: ${count} features, gdal-bin ${kept.length}`);
      continue;
    }
    if (countsOnly) continue;
    for (const layer of mine) {
      const theirs = kept.filter((f) => KIND_OF[f.geometry?.type ?? ''] === layer.geometryKind);
      layer.features.features.forEach((feature, i) => {
        const other = theirs[i];
        const where = `${ref.file} ${ref.name} #${i}`;
        if (!other) return problems.push(`${where}: no such feature in gdal-bin`);
        if (feature.geometry?.type !== other.geometry?.type) {
          problems.push(`${where}: ${feature.geometry?.type}, gdal-bin ${other.geometry?.type}`);
        }
        const [x1, y1] = firstPosition(feature.geometry?.coordinates) ?? [];
        const [x2, y2] = firstPosition(other.geometry?.coordinates) ?? [];
        if (Math.abs((x1 ?? 0) - (x2 ?? 0)) > 1e-6 || Math.abs((y1 ?? 0) - (y2 ?? 0)) > 1e-6) {
          problems.push(`${where}: first position ${x1},${y1}, gdal-bin ${x2},${y2}`);
        }
        const props = feature.properties ?? {};
        const refProps = other.properties ?? {};
        for (const key of new Set([...Object.keys(props), ...Object.keys(refProps)])) {
          if (ignoreFields.includes(key)) continue;
          if (!sameValue(props[key] ?? null, refProps[key] ?? null)) {
            problems.push(
              `${where} ${key}: ${JSON.stringify(props[key])}, gdal-bin ${JSON.stringify(refProps[key])}`,
            );
          }
        }
      });
    }
  }
  for (const layer of ours) {
    if (!refs.some((r) => r.file === layer.file && r.name === layer.sourceLayer)) {
      problems.push(`${layer.file} ${layer.sourceLayer}: not a layer for gdal-bin`);
    }
  }
  return problems;
}

const units = listUnits();

describe.skipIf(!present || !hasOgr || onPostgres)(
  'interop: every file of shared/data/interop, against gdal-bin',
  () => {
    beforeAll(async () => {
      t = await createTestApp({ importMaxBytes: 50 * 1024 * 1024 });
      admin = await t.login('admin@example.com', 'admin1234');
      scratch = mkdtempSync(path.join(os.tmpdir(), 'interop-'));
    });
    afterAll(async () => {
      await t?.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    const importUnit = async (unit: Unit, fields: Record<string, string> = {}) => {
      const files: UploadInput[] = unit.files.map((f) => ({
        name: path.basename(f),
        data: readFileSync(path.join(INTEROP, f)),
      }));
      const body = multipart(files, fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/file-format/import',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin) },
      });
    };

    /** What QGIS shows of a KML or KMZ: LIBKML's layers (a KMZ is read whole, links followed). */
    const libkml = async (unit: Unit) => {
      const dir = mkdtempSync(path.join(scratch, 'libkml-'));
      const file = path.join(dir, path.basename(unit.id));
      copyFileSync(path.join(INTEROP, unit.id), file);
      try {
        return await libkmlLayers(file);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    const tested = units.filter((u) => hasLibkml || !isKml(u));
    // Concurrent: our imports queue in the one GDAL worker while gdal-bin runs beside it.
    it.concurrent.for(tested.map((u) => [u.id, u] as const))(
      '%s',
      async ([id, unit], { expect }) => {
        let response = await importUnit(unit);
        const refused = INTEROP_REFUSED[id];
        if (refused) {
          expect(response.statusCode, response.body).toBe(refused.status);
          expect(response.json<{ message: string }>().message).toMatch(refused.message);
          // A KML we find nothing to draw in: QGIS finds nothing either.
          if (refused.empty && isKml(unit)) {
            const drawn = (await libkml(unit)).map((l) => `${l.name}: ${l.features.length}`);
            expect(drawn.filter((l) => !l.endsWith(': 0'))).toEqual([]);
          }
          if (!refused.retry) return;
          response = await importUnit(unit, refused.retry);
        }
        expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
        const ours = response.json<{ data: ImportResult }>().data.layers;
        if (isKml(unit)) {
          const problems = compareWithLibkml(ours, await libkml(unit), INTEROP_KML_DIFFERENCES[id]);
          expect(problems.slice(0, 20)).toEqual([]);
          return;
        }
        const difference = INTEROP_DIFFERENCES[id];
        const problems = compare(
          ours,
          await reference(unit, ours),
          difference?.fields ?? [],
          difference?.countsOnly,
        );
        expect(problems.slice(0, 20)).toEqual([]);
        difference?.check?.(ours);
      },
    );
  },
);
