import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { EXPORT_FORMATS, type ExportFormat } from '@integration/contracts';
import { EXPORT_OPTIONS } from '../apps/server/src/modules/file-format/gdal-export.ts';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { bareGdal } from './lib/bare-gdal.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { interleavedMediansMs, medianMs, type Figure } from './lib/report.ts';

/**
 * GIS files: a 100,000-feature shapefile read by our import, and 100,000 elements written by our
 * export in each format, beside bare gdal3.js doing the same conversion in the same run (the
 * goal: what our export adds to GDAL itself) and GDAL's native ogr2ogr (Debian gdal-bin) as the
 * anchor. Ours runs GDAL compiled to WebAssembly in a worker thread.
 */
const COUNT = Number(process.env.BENCH_FILES_COUNT ?? 100_000);
const RUNS = Number(process.env.BENCH_FILES_RUNS ?? 3); // after one warm-up

const hasOgr = () => {
  try {
    execFileSync('ogr2ogr', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** 100,000 poles on a grid over Nairobi, with text (some non-ASCII), integer and real fields. */
function polesGeoJson(): string {
  const features: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const lng = 36.7 + (i % 400) * 0.0005;
    const lat = -1.35 + Math.floor(i / 400) * 0.0004;
    const properties = {
      Name: `Poteau ${i} é`,
      Height: 9 + (i % 4),
      Owner: 'Bench',
      Sag: (i % 7) / 10,
    };
    features.push(
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [lng, lat] },
        properties,
      }),
    );
  }
  return `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}`;
}

export async function filesFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  if (!hasOgr())
    return {
      figures: [],
      notes: ['ogr2ogr is not installed (apt-get install gdal-bin): no GIS file figures.'],
    };
  const work = await mkdtemp(path.join(os.tmpdir(), 'integration-files-bench-'));
  const bench = await benchDatabase('pglite');
  const server = await startBenchServer(bench, { importMaxBytes: 1024 * 1024 * 1024 });
  const { app, send } = server;
  const notes: string[] = [];
  const ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { stdio: 'ignore' });
  try {
    const auth = { authorization: `Bearer ${server.token}` };

    // The shapefile, made by GDAL itself from generated GeoJSON.
    const geojson = path.join(work, 'poles.geojson');
    await writeFile(geojson, polesGeoJson());
    ogr('-f', 'ESRI Shapefile', '-lco', 'ENCODING=UTF-8', path.join(work, 'poles.shp'), geojson);
    const parts = await Promise.all(
      ['shp', 'shx', 'dbf', 'prj', 'cpg'].map(async (ext) => ({
        name: `poles.${ext}`,
        data: await readFile(path.join(work, `poles.${ext}`)),
      })),
    );
    notes.push(
      `files: ${COUNT.toLocaleString('en')} point features, shapefile of ${(parts.reduce((n, p) => n + p.data.length, 0) / 1024 / 1024).toFixed(1)} MB; median of ${RUNS} run(s) after a warm-up.`,
    );

    let importedBytes = 0;
    const ourImport = await medianMs(RUNS, async () => {
      const form = new FormData();
      for (const part of parts) form.append('files', new Blob([part.data]), part.name);
      const response = await send('/file-format/import', {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`import: ${response.status} ${text.slice(0, 300)}`);
      importedBytes = text.length;
    });
    const nativeImport = await medianMs(RUNS, async () => {
      await rm(path.join(work, 'native.geojson'), { force: true });
      ogr(
        '-f',
        'GeoJSON',
        '-t_srs',
        'EPSG:4326',
        '-lco',
        'RFC7946=YES',
        path.join(work, 'native.geojson'),
        path.join(work, 'poles.shp'),
      );
    });
    notes.push(
      `files: the import answer (WGS84 GeoJSON with fields and CRS) weighs ${(importedBytes / 1024 / 1024).toFixed(1)} MB.`,
    );

    const figures: Figure[] = [
      {
        name: `import ${COUNT / 1000}k-feature shapefile (HTTP, to WGS84 GeoJSON)`,
        ours: ourImport,
        reference: nativeImport,
        referenceName: 'ogr2ogr shp → GeoJSON',
        unit: 'ms',
        goal: 1.5,
      },
    ];
    figures.push(...(await exportFigures(bench, server, work, notes)));
    if (await postgresAvailable()) {
      const pg = await benchDatabase('postgres');
      const pgServer = await startBenchServer(pg);
      try {
        figures.push(...(await exportFigures(pg, pgServer, work, notes)));
      } finally {
        await pgServer.app.close();
        await pg.dispose();
      }
    } else
      notes.push('files: PostgreSQL with PostGIS not reachable: exports measured on PGlite only.');
    return { figures, notes };
  } finally {
    await app.close();
    await bench.dispose();
    await rm(work, { recursive: true, force: true });
  }
}

/** Every export format the app offers (its options are our export's, gdal-export.ts). */
const FORMATS: Record<ExportFormat, { label: string; ext: string }> = {
  shp: { label: 'shapefile', ext: 'shp' },
  gpkg: { label: 'GeoPackage', ext: 'gpkg' },
  kml: { label: 'KML', ext: 'kml' },
  geojson: { label: 'GeoJSON', ext: 'geojson' },
  fgb: { label: 'FlatGeobuf', ext: 'fgb' },
  csv: { label: 'CSV', ext: 'csv' },
};
const EXPORTS = EXPORT_FORMATS.map((format) => ({ format, ...FORMATS[format] }));

/**
 * The rows as native ogr2ogr reads them straight from PostgreSQL: the element's columns and its
 * template's attributes, typed (a second reference, on PostgreSQL only: what GDAL alone takes to
 * go from the database to the file, with none of our HTTP, WebAssembly or element JSON rules).
 */
const pgSql = (clusterId: number) => `SELECT e.id, e.name AS "Name",
  ST_Y(e.geom) || ', ' || ST_X(e.geom) AS "Coordinates",
  e.attributes->>'Type' AS "Type", (e.attributes->>'Height')::int AS "Height",
  e.attributes->>'Owner' AS "Owner", e.created_at AS "Creation Date",
  e.updated_at AS "Last Modification Date", e.geom
  FROM network_elements e WHERE e.cluster_id = ${clusterId} AND e.deleted_at IS NULL ORDER BY e.id`;

/** Our exports of COUNT elements from one database, each beside native ogr2ogr. */
async function exportFigures(
  bench: BenchDatabase,
  server: BenchServer,
  work: string,
  notes: string[],
): Promise<Figure[]> {
  const { db } = bench;
  const { send } = server;
  const auth = { authorization: `Bearer ${server.token}` };
  const ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { stdio: 'ignore' });
  const figures: Figure[] = [];
  // The same poles as elements of one cluster, written straight in SQL (setup, not measured).
  const cluster = await db.one<{ id: number }>(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT id, 'BENCH-FILES' FROM central_offices WHERE name = 'CO Nairobi Central' RETURNING id`);
  const template = await db.one<{ id: number }>(sql`
    SELECT t.id FROM element_templates t
    JOIN central_offices co ON co.project_id = t.project_id AND co.name = 'CO Nairobi Central'
    WHERE t.type = 'Pole' AND t.is_default`);
  await db.rows(sql`
    INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, created_by, updated_by)
    SELECT ${cluster?.id}, 'Pole', ${template?.id}, 'Poteau ' || i || ' é',
           ST_SetSRID(ST_MakePoint(36.7 + (i % 400) * 0.0005, -1.35 + (i / 400) * 0.0004), 4326),
           jsonb_build_object('Height', 9 + i % 4, 'Owner', 'Bench'), 1, 1
    FROM generate_series(0, ${COUNT - 1}) AS i`);

  const pgUrl = bench.label === 'PostgreSQL' ? await pgConnection(bench) : null;
  const exportAs = (format: string) =>
    send('/file-format/export', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ clusterId: cluster?.id, format }),
    });
  // Bare gdal3.js converts the same features with the same fields: our own FlatGeobuf export of
  // the cluster (a fast binary source), so the reference writes what ours writes.
  const gdal = await bareGdal(work);
  const same = path.join(work, `same-${bench.label}.fgb`);
  await writeFile(same, Buffer.from(await (await exportAs('fgb')).arrayBuffer()));
  for (const { format, label, ext } of EXPORTS) {
    // The options our export gives GDAL.
    const { args } = EXPORT_OPTIONS[format];
    const file = path.join(work, `native.${ext}`);
    let bytes = 0;
    const timings: string[] = [];
    const ours = async () => {
      const response = await exportAs(format);
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`export ${format}: ${response.status}`);
      bytes = body.byteLength;
      timings.push(response.headers.get('server-timing') ?? '');
    };
    // The same features converted by gdal3.js alone, and by native ogr2ogr.
    const bare = () => gdal.convert(same, args, `bare.${ext}`);
    const nativeFrom =
      (...source: string[]) =>
      async () => {
        await rm(file, { force: true, recursive: true });
        ogr(...args, file, ...source);
      };
    const fns = [ours, bare, nativeFrom(same)];
    if (pgUrl && cluster) fns.push(nativeFrom(pgUrl, '-sql', pgSql(cluster.id), '-nln', 'Pole'));
    const [oursMs = NaN, bareMs = NaN, nativeMs = NaN, fromPgMs] = await interleavedMediansMs(
      RUNS,
      fns,
    );
    notes.push(
      `files: the ${label} export of ${COUNT.toLocaleString('en')} elements from ${bench.label} weighs ${(bytes / 1024 / 1024).toFixed(1)} MB; server timing of its runs: ${serverTimings(timings.slice(1))}.`,
    );
    const name = `export ${COUNT / 1000}k elements as ${label} (HTTP, from ${bench.label})`;
    figures.push(
      {
        name,
        ours: oursMs,
        reference: bareMs,
        referenceName: `bare gdal3.js, same features FlatGeobuf → ${label}`,
        unit: 'ms',
        goal: 1.3,
      },
      // The anchor: GDAL compiled natively, which gdal3.js itself is slower than.
      {
        name,
        ours: oursMs,
        reference: nativeMs,
        referenceName: `native ogr2ogr FlatGeobuf → ${label}`,
        unit: 'ms',
      },
    );
    if (fromPgMs !== undefined)
      figures.push({
        name,
        ours: oursMs,
        reference: fromPgMs,
        referenceName: `native ogr2ogr PG: → ${label}`,
        unit: 'ms',
      });
  }
  return figures;
}

/**
 * The export's Server-Timing (types: the queries that type the columns; pages: the database's
 * pages, sent to GDAL as they come; gdal: until GDAL's answer, from the first page), run by run.
 */
function serverTimings(headers: string[]): string {
  return headers
    .map((h) =>
      [...h.matchAll(/(\w+);dur=(\d+)/g)].map(([, name, ms]) => `${name} ${ms}`).join(', '),
    )
    .join(' | ');
}

/** GDAL's connection string to the bench's PostgreSQL database (server as bench-database.ts picks it). */
async function pgConnection(bench: BenchDatabase): Promise<string> {
  const u = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const db = await bench.db.one<{ name: string }>(sql`SELECT current_database() AS name`);
  u.pathname = `/${db?.name ?? ''}`;
  const parts = [
    `host=${u.hostname}`,
    `port=${u.port || '5432'}`,
    `dbname=${u.pathname.slice(1)}`,
    `user=${decodeURIComponent(u.username)}`,
  ];
  if (u.password) parts.push(`password=${decodeURIComponent(u.password)}`);
  return `PG:${parts.join(' ')}`;
}
