import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ExportBody } from '@integration/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import type { ExportContext } from '../apps/server/src/modules/exchange/exchange-context.ts';
import { exchangeScope } from '../apps/server/src/modules/exchange/exchange-scope.ts';
import { buildDelivery } from '../apps/server/src/modules/exchange/gracethd/gracethd-export.ts';
import { READ_TABLES } from '../apps/server/src/modules/exchange/gracethd/gracethd-read.ts';
import { writeTableFiles } from '../apps/server/src/modules/exchange/gracethd/gracethd-writer.ts';
import { convertExport } from '../apps/server/src/modules/file-format/gdal-export.ts';
import type { GdalHost } from '../apps/server/src/modules/file-format/gdal-host.ts';
import { readTables } from '../apps/server/src/modules/file-format/gdal-tables.ts';
import { usersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { benchDatabase, postgresAvailable } from './lib/bench-database.ts';
import { bareGdalApi } from './lib/bare-gdal.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { copyCluster, designProject, litCluster } from './lib/design-network.ts';
import { interleavedMediansMs, medianMs, type Figure } from './lib/report.ts';

/**
 * Exchange standards (issue 29): a GraceTHD delivery of a generated 2,000-home cluster with its
 * fibres and splices exported and imported through the API, beside bare gdal3.js writing the
 * same tables from the same rows (export) and reading them (import) in the same run; an OFDS
 * export of a 100,000-element project. BENCH_EXCHANGE_PGLITE=0 measures PostgreSQL alone.
 */
const STREETS = Number(process.env.BENCH_EXCHANGE_STREETS ?? 19); // 19: about 2,000 homes
const RUNS = Number(process.env.BENCH_EXCHANGE_RUNS ?? 3);
const PROJECT_ELEMENTS = Number(process.env.BENCH_EXCHANGE_ELEMENTS ?? 100_000);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function sizeOf(db: Database, clusterId: number) {
  return db.one<{ elements: number; homes: number; fibres: number; splices: number }>(sql`
    SELECT (SELECT count(*)::int FROM network_elements WHERE cluster_id = ${clusterId}) AS elements,
           (SELECT count(*)::int FROM network_elements
             WHERE cluster_id = ${clusterId} AND type IN ('SFU', 'Building')) AS homes,
           (SELECT count(*)::int FROM fibres f JOIN network_elements c ON c.id = f.cable_id
             WHERE c.cluster_id = ${clusterId}) AS fibres,
           (SELECT count(*)::int FROM fibre_joints j JOIN network_elements e ON e.id = j.element_id
             WHERE e.cluster_id = ${clusterId}) AS splices`);
}

async function download(server: BenchServer, body: ExportBody): Promise<Buffer> {
  const response = await server.send('/file-format/export', {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function measure(kind: 'pglite' | 'postgres', notes: string[]): Promise<Figure[]> {
  let started = performance.now();
  const bench = await benchDatabase(kind);
  const { db, label } = bench;
  const server = await startBenchServer(bench);
  const work = await mkdtemp(path.join(os.tmpdir(), 'integration-exchange-bench-'));
  const figures: Figure[] = [];
  try {
    const projectId = await designProject(db, 'Exchange bench');
    const lit = await litCluster(db, projectId, 'EX-0', { lat: -1.2, lng: 36.9 }, STREETS);
    const size = await sizeOf(db, lit.clusterId);
    notes.push(
      `exchange (${label}): a ${size?.homes.toLocaleString('en')}-home cluster of ${size?.elements.toLocaleString('en')} elements, ${size?.fibres.toLocaleString('en')} fibres and ${size?.splices.toLocaleString('en')} splices, drawn and lit in ${seconds(started)}.`,
    );
    if (kind === 'postgres') await db.rows(sql`ANALYZE`);

    // Export: the API (database reads, segments, checks, CSV, GDAL, HTTP) against bare
    // gdal3.js writing the same tables from the same CSV files (built once, outside the timing).
    const body: ExportBody = { clusterId: lit.clusterId, format: 'gracethd' };
    const admin = await usersRepository.findByEmail(db, 'admin@example.com');
    if (!admin) throw new Error('exchange bench: no admin');
    const context: ExportContext = {
      db,
      gdal: {} as GdalHost,
      config: loadConfig({}),
      user: admin,
      locale: 'en',
      body,
      scope: await exchangeScope(db, admin, body),
    };
    const { tables } = await buildDelivery(context);
    const rows = [...tables.values()].reduce((n, r) => n + r.length, 0);
    const job = { dir: 'reference', abs: path.join(work, 'reference') };
    await mkdir(job.abs, { recursive: true });
    const layers = await writeTableFiles(job, tables, { layout: 'gpkg', found: [] });
    const gdal = await bareGdalApi(work);
    let k = 0;
    const bareExport = () =>
      convertExport(
        gdal,
        {
          op: 'convert',
          format: 'gracethd-gpkg',
          layers: layers.map(({ spatial: _, ...layer }) => layer),
          dir: job.dir,
          output: `bare-${k++}`,
          targetSrs: 2154,
        },
        work,
      );
    let gpkg: Buffer = Buffer.alloc(0);
    const [ours, bare] = await interleavedMediansMs(RUNS, [
      async () => {
        gpkg = await download(server, body);
      },
      bareExport,
    ]);
    figures.push({
      name: `GraceTHD export, ${size?.homes.toLocaleString('en')}-home cluster (${label})`,
      ours: ours ?? NaN,
      reference: bare ?? NaN,
      referenceName: `bare gdal3.js writing the same ${rows.toLocaleString('en')} rows (GPKG)`,
      unit: 'ms',
      goal: 1.5,
    });
    notes.push(
      `exchange (${label}): the GeoPackage holds ${rows.toLocaleString('en')} rows (${(tables.get('t_fibre')?.length ?? 0).toLocaleString('en')} t_fibre, ${(tables.get('t_position')?.length ?? 0).toLocaleString('en')} t_position, ${(tables.get('t_cable')?.length ?? 0).toLocaleString('en')} t_cable), ${(gpkg.length / 1024 / 1024).toFixed(1)} MB.`,
    );

    // Import: the API into a new empty cluster each run against bare gdal3.js reading the same
    // tables out of the same GeoPackage.
    const file = path.join(work, 'delivery.gpkg');
    await writeFile(file, gpkg);
    let run = 0;
    const importOnce = async () => {
      const cluster = await db.one<{ id: number }>(sql`
        INSERT INTO clusters (central_office_id, name)
        SELECT central_office_id, ${`EX-import-${run++}`} FROM clusters WHERE id = ${lit.clusterId}
        RETURNING id`);
      const form = new FormData();
      form.append('clusterId', String(cluster?.id));
      form.append('files', new Blob([new Uint8Array(gpkg)]), 'delivery.gpkg');
      const response = await server.send('/file-format/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body: form,
      });
      if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    // The same tables read by gdal3.js alone, in WebAssembly memory as the import reads them.
    let r = 0;
    const bareImport = async () => {
      const dir = `read-${r++}`;
      await mkdir(path.join(work, dir), { recursive: true });
      await readTables(
        gdal,
        {
          op: 'readTables',
          sources: ['delivery.gpkg'],
          tables: READ_TABLES,
          dir,
          assumeSrs: 2154,
        },
        work,
      );
      await rm(path.join(work, dir), { recursive: true, force: true });
    };
    const [imported, read] = await interleavedMediansMs(RUNS, [importOnce, bareImport]);
    figures.push({
      name: `GraceTHD import, ${size?.homes.toLocaleString('en')}-home cluster (${label})`,
      ours: imported ?? NaN,
      reference: read ?? NaN,
      referenceName: 'bare gdal3.js reading the same tables (GeoJSON sequences)',
      unit: 'ms',
      goal: 1.5,
    });

    // OFDS: a project of PROJECT_ELEMENTS elements (copies of the lit cluster).
    started = performance.now();
    const copies = Math.max(1, Math.round(PROJECT_ELEMENTS / (size?.elements ?? 1))) - 1;
    for (let c = 1; c <= copies; c++)
      await copyCluster(db, lit, projectId, `EX-${c}`, 0.035 * (c % 4), -0.035 * Math.floor(c / 4));
    if (kind === 'postgres') await db.rows(sql`ANALYZE`);
    const project = await db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM network_elements e JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId} AND c.name NOT LIKE 'EX-import-%'`);
    notes.push(
      `exchange (${label}): ${copies} copies of the cluster in ${seconds(started)}: the project holds ${project?.n.toLocaleString('en')} elements (the imports' clusters aside).`,
    );
    let ofdsBytes = 0;
    const ofds = await medianMs(RUNS, async () => {
      ofdsBytes = (await download(server, { projectId, format: 'ofds' })).length;
    });
    const reading = await medianMs(RUNS, () =>
      db.rows(sql`
        SELECT e.id, e.type, e.name, ST_AsGeoJSON(e.geom) FROM network_elements e
        JOIN clusters c ON c.id = e.cluster_id JOIN central_offices co ON co.id = c.central_office_id
        WHERE co.project_id = ${projectId}
          AND e.type IN ('FDTSRO', 'SpliceClosure', 'PboFat', 'Cable')`),
    );
    figures.push({
      name: `OFDS export, ${project?.n.toLocaleString('en')}-element project (${label})`,
      ours: ofds,
      reference: reading,
      referenceName: 'bare SQL reading its nodes and spans as GeoJSON',
      unit: 'ms',
    });
    notes.push(
      `exchange (${label}): the OFDS package is ${(ofdsBytes / 1024 / 1024).toFixed(1)} MB.`,
    );
  } finally {
    await server.app.close();
    await bench.dispose();
    await rm(work, { recursive: true, force: true });
  }
  return figures;
}

export async function exchangeFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const notes: string[] = [];
  const figures = process.env.BENCH_EXCHANGE_PGLITE === '0' ? [] : await measure('pglite', notes);
  if (await postgresAvailable()) figures.push(...(await measure('postgres', notes)));
  else notes.push('PostgreSQL with PostGIS not reachable: exchange figures on PGlite only.');
  return { figures, notes };
}
