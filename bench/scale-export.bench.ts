import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, EXPORT_FORMATS, type ExportFormat } from '@integration/contracts';
import { EXPORT_OPTIONS } from '../apps/server/src/modules/file-format/gdal-export.ts';
import { bareGdalLayers, layersVrt, type BareLayer } from './lib/bare-gdal-layers.ts';
import { benchDatabase, postgresAvailable } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import type { Figure } from './lib/report.ts';
import { scaleExportProject } from './lib/scale-export-project.ts';

/**
 * Whole-project exports at scale (issue 30): a project of 100,000 and 1,000,000 elements across
 * 500 clusters exported in every GIS format through the API (rows read from the database as
 * FlatGeobuf pages, streamed to GDAL in WebAssembly), beside bare gdal3.js converting the same
 * features (the same FlatGeobuf layers, through the same kind of VRT, to the same format, in the
 * same run: the goal is ≤ 1.3×) and native ogr2ogr as the anchor; and the server's memory
 * during each export beside the size of the file it wrote.
 *
 * BENCH_SCALE_EXPORT_COUNTS (default 100000,1000000), BENCH_SCALE_EXPORT_DATABASES (default
 * postgres,pglite), BENCH_SCALE_EXPORT_FORMATS (default all), BENCH_SCALE_EXPORT_RUNS (default 1).
 */
const COUNTS = (process.env.BENCH_SCALE_EXPORT_COUNTS ?? '100000,1000000').split(',').map(Number);
const DATABASES = (process.env.BENCH_SCALE_EXPORT_DATABASES ?? 'postgres,pglite').split(',') as (
  'postgres' | 'pglite'
)[];
const FORMATS = (process.env.BENCH_SCALE_EXPORT_FORMATS?.split(',') ??
  EXPORT_FORMATS) as ExportFormat[];
const RUNS = Number(process.env.BENCH_SCALE_EXPORT_RUNS ?? 1);
const CLUSTERS = 500;
/** As the server: larger exports are written to disk as GDAL goes (file-format.service.ts). */
const OUTPUT_IN_MEMORY_MAX_ROWS = 200_000;

const LABELS: Record<ExportFormat, { label: string; ext: string }> = {
  shp: { label: 'shapefile', ext: 'shp' },
  gpkg: { label: 'GeoPackage', ext: 'gpkg' },
  kml: { label: 'KML', ext: 'kml' },
  geojson: { label: 'GeoJSON', ext: 'geojson' },
  fgb: { label: 'FlatGeobuf', ext: 'fgb' },
  csv: { label: 'CSV', ext: 'csv' },
};

const hasOgr = () => {
  try {
    execFileSync('ogr2ogr', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const MB = 1024 * 1024;

export async function scaleExportFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const notes: string[] = [];
  const figures: Figure[] = [];
  if (!hasOgr())
    return { figures, notes: ['ogr2ogr is not installed (apt-get install gdal-bin): no figures.'] };
  const work = await mkdtemp(path.join(os.tmpdir(), 'integration-scale-export-'));
  const bare = await bareGdalLayers(work);
  try {
    for (const kind of DATABASES) {
      if (kind === 'postgres' && !(await postgresAvailable())) {
        notes.push('PostgreSQL with PostGIS not reachable: no PostgreSQL figures.');
        continue;
      }
      const bench = await benchDatabase(kind);
      const server = await startBenchServer(bench);
      try {
        for (const count of COUNTS) {
          const project = await scaleExportProject(bench.db, count, CLUSTERS);
          notes.push(
            `${bench.label}: ${count.toLocaleString('en')} elements across ${CLUSTERS} clusters generated in SQL in ${project.seconds.toFixed(0)} s.`,
          );
          figures.push(
            ...(await exportFigures(
              server,
              bench.label,
              project.projectId,
              count,
              work,
              bare,
              notes,
            )),
          );
          // The next size in a database of its own size: this project's rows go.
          await bench.db.rows(sql`
            DELETE FROM network_elements WHERE cluster_id IN (
              SELECT c.id FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
              WHERE co.project_id = ${project.projectId})`);
        }
      } finally {
        await server.app.close();
        await bench.dispose();
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { figures, notes };
}

/** Median of `runs` timings of fn, in milliseconds (no warm-up: a run is long). */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

async function exportFigures(
  server: BenchServer,
  database: string,
  projectId: number,
  count: number,
  work: string,
  bare: Awaited<ReturnType<typeof bareGdalLayers>>,
  notes: string[],
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const size = `${count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`}`;
  const post = (body: object) =>
    server.send('/file-format/export', {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** The answer written to a file as it comes; its size. */
  const save = async (response: Response, file: string) => {
    if (!response.ok)
      throw new Error(`export: ${response.status} ${(await response.text()).slice(0, 300)}`);
    await pipeline(
      Readable.fromWeb(response.body as never),
      createWriteStream(file, { highWaterMark: MB }),
    );
    return Number(execFileSync('stat', ['-c', '%s', file], { encoding: 'utf8' }));
  };

  // The same features for the references: the project's layers as our FlatGeobuf, one per type.
  const layers: BareLayer[] = [];
  for (const type of ELEMENT_TYPES) {
    const response = await post({ projectId, format: 'fgb', types: [type.segment] });
    if (response.status === 422) continue;
    const file = path.join(work, `same-${type.segment}.fgb`);
    await save(response, file);
    layers.push({ name: type.displayName, file, srcLayer: 'elements' });
  }
  const onDisk = count > OUTPUT_IN_MEMORY_MAX_ROWS;

  for (const format of FORMATS) {
    const { label, ext } = LABELS[format];
    const { args, union } = EXPORT_OPTIONS[format];
    let bytes = 0;
    let timing = '';
    const memory = { heap: 0, rss: 0 };
    const ours = async () => {
      global.gc?.();
      const before = process.memoryUsage();
      const sample = setInterval(() => {
        const now = process.memoryUsage();
        memory.heap = Math.max(memory.heap, now.heapUsed - before.heapUsed);
        memory.rss = Math.max(memory.rss, now.rss - before.rss);
      }, 25);
      try {
        const response = await post({ projectId, format });
        timing = response.headers.get('server-timing') ?? '';
        bytes = await save(response, path.join(work, `ours.${ext}`));
      } finally {
        clearInterval(sample);
      }
    };
    const oursMs = await timed(ours);
    await rm(path.join(work, `ours.${ext}`), { force: true });
    const bareMs = await timed(() => bare.convert(layers, union, args, `bare.${ext}`, onDisk));
    await rm(path.join(work, `bare.${ext}`), { recursive: true, force: true });
    const vrt = path.join(work, 'native.vrt');
    await writeFile(
      vrt,
      layersVrt(
        layers.map((l) => ({ name: l.name, path: l.file, srcLayer: l.srcLayer })),
        union,
      ),
    );
    const native = path.join(work, `native.${ext}`);
    const nativeMs = await timed(async () => {
      await rm(native, { recursive: true, force: true });
      execFileSync('ogr2ogr', [...args, native, vrt], { stdio: 'ignore' });
    });
    await rm(native, { recursive: true, force: true });

    const name = `export ${size} elements as ${label} (HTTP, project of ${CLUSTERS} clusters, ${database})`;
    figures.push(
      {
        name,
        ours: oursMs,
        reference: bareMs,
        referenceName: `bare gdal3.js, same FlatGeobuf layers → ${label}`,
        unit: 'ms',
        goal: 1.3,
      },
      {
        name,
        ours: oursMs,
        reference: nativeMs,
        referenceName: `native ogr2ogr, same FlatGeobuf layers → ${label}`,
        unit: 'ms',
      },
      {
        name: `server RSS growth during the ${size} ${label} export (${database})`,
        ours: memory.rss / MB,
        reference: bytes / MB,
        referenceName: 'the file written',
        unit: 'MB',
      },
    );
    notes.push(
      `${database} ${size} ${label}: ${(bytes / MB).toFixed(0)} MB; server heap +${(memory.heap / MB).toFixed(0)} MB, RSS +${(memory.rss / MB).toFixed(0)} MB at peak; ${timing}.`,
    );
  }
  return figures;
}
