import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { TILE_BUFFER, TILE_EXTENT } from '@integration/contracts';
import type { Database } from '../apps/server/src/db/database.ts';
import { MvtWorkerHost } from '../apps/server/src/modules/tiles/mvt-worker-host.ts';
import { writeMvt, type TileRow } from '../apps/server/src/modules/tiles/mvt-writer.ts';
import { memoryTileCache } from '../apps/server/src/modules/tiles/tile-cache.ts';
import { tileRange, type TileId } from '../apps/server/src/modules/tiles/tile-coordinates.ts';
import {
  postgisTileEncoder,
  serverTileEncoder,
  tileRowsJson,
} from '../apps/server/src/modules/tiles/tile-encoders.ts';
import { shortestCable, typesAtZoom } from '../apps/server/src/modules/tiles/tile-features.sql.ts';
import { createTilesService } from '../apps/server/src/modules/tiles/tiles.service.ts';
import { usersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { benchDatabase, postgresAvailable } from './lib/bench-database.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { localBasemap, WEB_DIST, wholeProjectInChromium } from './lib/whole-project-browser.ts';
import type { Figure } from './lib/report.ts';
import { scaleNetwork, SCALE_CLUSTER_SIZE, type ScaleNetwork } from './lib/scale-network.ts';

/**
 * `npm run bench scale`: a project of BENCH_SCALE_CLUSTERS (500) clusters of 2,000 elements,
 * its tiles at zooms 10, 13 and 16, cold (the cache emptied before each) and cached, through the
 * tiles service (access check, cache, encoder, entity tag), beside the bare tile of the same
 * place and types measured in the same run: on PostgreSQL the textbook ST_AsMVT(ST_AsMVTGeom)
 * query; on PGlite the same rows written by the same MVT writer on the bench's own thread.
 */
const CLUSTERS = Number(process.env.BENCH_SCALE_CLUSTERS ?? 500);
const Z16_TILES = Number(process.env.BENCH_SCALE_Z16_TILES ?? 40);
const COLD_REPEATS = Number(process.env.BENCH_SCALE_LOW_ZOOM_REPEATS ?? 8);

const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quiet;
  },
  level: 'silent',
  silent() {},
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The tiles of a zoom to time: every tile of the project at low zooms, a fixed sample at 16. */
function tilesOf(project: ScaleNetwork, z: number): TileId[] {
  const r = tileRange(project.box, z);
  const all: TileId[] = [];
  for (let x = r.minX; x <= r.maxX; x++)
    for (let y = r.minY; y <= r.maxY; y++) all.push({ z, x, y });
  if (z < 16) return all;
  const step = Math.max(1, Math.floor(all.length / Z16_TILES));
  return all.filter((_, i) => i % step === 0).slice(0, Z16_TILES);
}

/** The textbook PostGIS tile of the same elements: one layer, ST_AsMVTGeom, no thinning. */
async function bareAsMvt(db: Database, projectId: number, { z, x, y }: TileId): Promise<number> {
  const types = typesAtZoom(z);
  const minCable = shortestCable(z);
  const row = await db.one<{ n: number }>(sql`
    SELECT length(ST_AsMVT(q, 'elements', ${TILE_EXTENT}, 'geom')) AS n FROM (
      SELECT e.id, e.type, e.name,
             ST_AsMVTGeom(ST_Transform(e.geom, 3857), ST_TileEnvelope(${z}, ${x}, ${y}), ${TILE_EXTENT}, ${TILE_BUFFER}, true) AS geom
      FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId} AND e.deleted_at IS NULL
        AND e.geom && ST_Transform(ST_TileEnvelope(${z}, ${x}, ${y}, margin => ${TILE_BUFFER / TILE_EXTENT}), 4326)
        AND e.type IN (${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )})
        AND (e.type <> 'Cable' OR coalesce(e.length_m, ${minCable}) >= ${minCable})) q`);
  return Number(row?.n ?? 0);
}

/** PGlite's bare tile: the same rows, the same writer, on this thread (no cache, no worker). */
async function bareServerTile(db: Database, projectId: number, tile: TileId): Promise<number> {
  const json = await tileRowsJson(db, projectId, tile);
  return writeMvt(JSON.parse(json) as TileRow[]).byteLength;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function scaleFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const kinds: ('postgres' | 'pglite')[] = [];
  if (process.env.BENCH_SCALE_POSTGRES !== '0' && (await postgresAvailable()))
    kinds.push('postgres');
  if (process.env.BENCH_SCALE_PGLITE !== '0') kinds.push('pglite');
  for (const kind of kinds) {
    const bench = await benchDatabase(kind);
    const host = kind === 'pglite' ? new MvtWorkerHost() : null;
    try {
      const generating = performance.now();
      const project = await scaleNetwork(bench.db, 'Scale bench', CLUSTERS);
      notes.push(
        `${bench.label}: ${project.elements.toLocaleString('en')} elements in ${project.clusters} clusters of ${SCALE_CLUSTER_SIZE} generated in ${((performance.now() - generating) / 1000).toFixed(0)} s`,
      );
      const admin = await usersRepository.findByEmail(bench.db, 'admin@example.com');
      if (!admin) throw new Error('scale bench: no admin');
      const cache = memoryTileCache(512 * 1024 * 1024);
      const tiles = createTilesService({
        db: bench.db,
        encode: host ? serverTileEncoder(host) : postgisTileEncoder,
        cache,
        emit: () => {},
        log: quiet as never,
      });
      const bare = (tile: TileId) =>
        kind === 'postgres'
          ? bareAsMvt(bench.db, project.projectId, tile)
          : bareServerTile(bench.db, project.projectId, tile);
      const referenceName =
        kind === 'postgres'
          ? 'bare ST_AsMVT of the same tile'
          : 'same rows + writer, no cache/worker';
      for (const z of [10, 13, 16]) {
        const sample = tilesOf(project, z);
        const cold: number[] = [];
        const cached: number[] = [];
        const reference: number[] = [];
        let bytes = 0;
        const delay = monitorEventLoopDelay({ resolution: 5 });
        const repeats = z < 16 ? COLD_REPEATS : 1;
        // Warm the database's pages and the worker once, outside the timings.
        await tiles.read(admin, project.projectId, sample[0] as TileId);
        await bare(sample[0] as TileId);
        for (let r = 0; r < repeats; r++) {
          for (const tile of sample) {
            await cache.forget(project.projectId);
            delay.enable();
            cold.push(
              await time(async () => {
                bytes += (await tiles.read(admin, project.projectId, tile)).bytes?.byteLength ?? 0;
              }),
            );
            delay.disable();
            reference.push(await time(() => bare(tile)));
            cached.push(await time(() => tiles.read(admin, project.projectId, tile)));
          }
        }
        const label = `${bench.label} z${z} (${sample.length} tile${sample.length > 1 ? 's' : ''})`;
        figures.push(
          {
            name: `${label} cold p50`,
            ours: percentile(cold, 50),
            reference: percentile(reference, 50),
            referenceName,
            unit: 'ms',
            goal: 1.3,
          },
          {
            name: `${label} cold p95`,
            ours: percentile(cold, 95),
            reference: percentile(reference, 95),
            referenceName,
            unit: 'ms',
            goal: 1.3,
          },
          {
            name: `${label} cached p50`,
            ours: percentile(cached, 50),
            reference: percentile(reference, 50),
            referenceName,
            unit: 'ms',
          },
          {
            name: `${label} cached p95`,
            ours: percentile(cached, 95),
            reference: percentile(reference, 95),
            referenceName,
            unit: 'ms',
          },
        );
        notes.push(
          `${label}: ${(bytes / cold.length / 1024).toFixed(1)} kB a tile on average; event loop held at most ${(delay.max / 1e6).toFixed(0)} ms during cold reads`,
        );
      }
      await tiles.settled();

      // The same project opened whole in Chromium, through the app and its HTTP server.
      const base = await localBasemap();
      const server = await startBenchServer(bench, {
        webDistDir: WEB_DIST,
        basemaps: base.basemaps,
      });
      try {
        const first = await bench.db.one<{ id: number }>(sql`
          SELECT c.id FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
          WHERE co.project_id = ${project.projectId} ORDER BY c.id LIMIT 1`);
        const browser = await wholeProjectInChromium(server, project.projectId, first?.id ?? 0);
        if (!browser)
          notes.push(
            'No built web app (apps/web/dist): run `npm run build` for the Chromium figures.',
          );
        else
          notes.push(
            `${bench.label}, Chromium (1440×900, software WebGL): the whole project framed and drawn ${(browser.firstRenderMs / 1000).toFixed(1)} s after navigation; 10 s of panning and zooming: ${browser.frames} frames, p50 ${browser.frameP50Ms.toFixed(1)} ms, p95 ${browser.frameP95Ms.toFixed(1)} ms (goal 60 fps: p95 ≤ 17 ms); tab heap ${browser.heapMb.toFixed(0)} MB; ${browser.tilesFetched} tiles fetched`,
          );
      } finally {
        await server.app.close();
        await base.close();
      }
    } finally {
      await host?.close();
      await bench.dispose();
    }
  }
  return { figures, notes };
}
