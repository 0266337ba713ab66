import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, MAX_BATCH, type LatLng, type MapElement } from '@integration/contracts';
import { benchDatabase } from './lib/bench-database.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { benchNetwork } from './lib/network-fixture.ts';
import type { Figure } from './lib/report.ts';

// MAP_BENCH_COUNT makes a quicker run possible; the figure of the issue is for 100,000.
const COUNT = Number(process.env.MAP_BENCH_COUNT ?? 100_000);
const BATCH = MAX_BATCH;
const RUNS = 5;
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
};
const MAPLIBRE = path.resolve(import.meta.dirname, '../node_modules/maplibre-gl/dist');
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The elements as plain GeoJSON, what the bare MapLibre page draws. */
function asGeoJson(elements: MapElement[]) {
  const pos = (p: LatLng) => [p.lng, p.lat];
  return {
    type: 'FeatureCollection',
    features: elements.map((e) => {
      const c = e.coordinates;
      const geometry = !Array.isArray(c)
        ? { type: 'Point', coordinates: pos(c) }
        : e.networkElement.type === 'Zone'
          ? { type: 'Polygon', coordinates: [[...c.map(pos), pos(c[0] as LatLng)]] }
          : { type: 'LineString', coordinates: c.map(pos) };
      return { type: 'Feature', id: e.id, properties: { type: e.networkElement.type }, geometry };
    }),
  };
}

/** A bare MapLibre page: same data, plain circle, line and fill layers, no app around it. */
const BARE_PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%}</style></head><body><div id="map"></div>
<script type="module">
import * as maplibregl from '/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/maplibre-gl-worker.mjs');
const data = await (await fetch('/data.geojson')).json();
let w = 180, s = 90, e = -180, n = -90;
for (const f of data.features) {
  const pts = f.geometry.type === 'Point' ? [f.geometry.coordinates]
    : f.geometry.type === 'LineString' ? f.geometry.coordinates : f.geometry.coordinates[0];
  for (const [x, y] of pts) { w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y); }
}
const map = new maplibregl.Map({ container: 'map', style: { version: 8,
  sources: { base: { type: 'raster', tiles: [location.origin + '/tiles/{z}/{x}/{y}.png'], tileSize: 256 } },
  layers: [{ id: 'base', type: 'raster', source: 'base' }] },
  bounds: [[w, s], [e, n]], fitBoundsOptions: { padding: 40 } });
map.on('load', () => {
  map.addSource('e', { type: 'geojson', data });
  map.addLayer({ id: 'f', type: 'fill', source: 'e', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#0d9488', 'fill-opacity': 0.2 } });
  map.addLayer({ id: 'l', type: 'line', source: 'e', filter: ['==', ['geometry-type'], 'LineString'], paint: { 'line-color': '#334155' } });
  map.addLayer({ id: 'c', type: 'circle', source: 'e', filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 4, 'circle-color': '#2e7d32' } });
  map.once('idle', () => { document.body.dataset.ready = 'true'; });
});
</script></body></html>`;

/** A 256 px base tile (RGB PNG, a noisy gradient that compresses like a real one). */
function baseTile(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([frame, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(256 * (1 + 256 * 3));
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const at = y * (1 + 256 * 3) + 1 + x * 3;
      const noise = (x * 7919 + y * 104729) % 23;
      rows.set([220 + (x >> 5) + noise, 225 + (y >> 5), 210 + noise], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The bare page, and the base tiles both maps draw (the app's terrain layer points here), so
 * that neither waits on the closed network for tiles.
 */
function bareServer(): Promise<{ server: Server; url: string; setData(geojson: string): void }> {
  const tile = baseTile();
  const files: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', BARE_PAGE],
    '/maplibre-gl.mjs': ['text/javascript', readFileSync(path.join(MAPLIBRE, 'maplibre-gl.mjs'))],
    '/maplibre-gl-worker.mjs': [
      'text/javascript',
      readFileSync(path.join(MAPLIBRE, 'maplibre-gl-worker.mjs')),
    ],
    '/maplibre-gl.css': ['text/css', readFileSync(path.join(MAPLIBRE, 'maplibre-gl.css'))],
  };
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/tiles/')) {
      return res
        .writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' })
        .end(tile);
    }
    const file = files[req.url ?? '/'];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        server,
        url: `http://127.0.0.1:${port}/`,
        setData: (geojson) => (files['/data.geojson'] = ['application/json', geojson]),
      });
    }),
  );
}

interface Trial {
  open(page: Page): Promise<void>;
  /** Reads the page once timed, outside the timing. */
  after?(page: Page): Promise<void>;
}

/**
 * The median time of each trial's `open`, the trials taking turns run after run: a slow
 * spell of this (shared, 2-core) machine then falls on ours and the reference alike, where
 * running all of one and then all of the other let it fall on one only.
 */
async function timeInTurns(browser: Browser, trials: Trial[]): Promise<number[]> {
  const times = trials.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, trial] of trials.entries()) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const start = performance.now();
      await trial.open(page);
      times[k]?.push(performance.now() - start);
      await trial.after?.(page);
      await page.close();
    }
  }
  return times.map(median);
}

/** Gzipped size of the map route's own files (its chunk, styles and MapLibre's worker). */
function mapRouteGzipKb(): { ours: number; maplibre: number } {
  const assets = path.join(DIST, 'assets');
  const mine = readdirSync(assets).filter(
    (f) => /^MapPage-.*\.(js|css)$/.test(f) || /^maplibre-gl-worker-.*\.mjs$/.test(f),
  );
  const gz = (file: string) => gzipSync(readFileSync(file)).length / 1024;
  return {
    ours: mine.reduce((sum, f) => sum + gz(path.join(assets, f)), 0),
    maplibre: ['maplibre-gl.mjs', 'maplibre-gl-worker.mjs', 'maplibre-gl.css'].reduce(
      (sum, f) => sum + gz(path.join(MAPLIBRE, f)),
      0,
    ),
  };
}

export async function mapFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before `npm run bench map`.');
  }
  const bench = await benchDatabase('pglite');
  const { db } = bench;
  const bare = await bareServer();
  const server = await startBenchServer(bench, {
    webDistDir: DIST,
    basemaps: [
      {
        id: 'terrain',
        tiles: [`${bare.url}tiles/{z}/{x}/{y}.png`],
        tileSize: 256,
        maxzoom: 19,
        attribution: '',
      },
    ],
  });
  const { app, origin } = server;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> =>
    JSON.parse(await server.call(method, url, body)) as T;
  const notes: string[] = [];
  const browser = await chromium.launch(LAUNCH);
  try {
    const project = await db.one<{ id: number; co: number }>(sql`
      SELECT p.id, co.id AS co FROM projects p JOIN central_offices co ON co.project_id = p.id
      WHERE co.name = 'CO Nairobi Central'`);
    const newCluster = async (name: string) =>
      (
        await call<{ data: { id: number } }>('POST', '/clusters/cluster/create', {
          centralOfficeId: project?.co,
          name,
        })
      ).data.id;

    // Elements show from the project zoom − 1: the demo's 14 would hide a city-wide view.
    await db.one(sql`UPDATE projects SET zoom = 10 WHERE id = ${project?.id ?? 0} RETURNING id`);
    // 100,000 elements along real streets, loaded through the API.
    const big = await newCluster('BENCH-MAP-100K');
    const { elements, source } = benchNetwork(COUNT);
    notes.push(`${COUNT.toLocaleString('en')} elements laid along ${source}.`);
    for (const type of ELEMENT_TYPES) {
      const items = elements.filter((e) => e.type === type.internalName);
      for (let i = 0; i < items.length; i += BATCH) {
        await call('POST', `/networkelements/${type.segment}/create/multiple`, {
          data: items.slice(i, i + BATCH).map((e) => ({
            clusterId: big,
            coordinates: e.coordinates,
            attributes: e.attributes,
          })),
        });
      }
    }
    // The bare page's GeoJSON, from the elements as the API answers them. Note: built here
    // and let go (the bench client shares the server's process: 100,000 parsed elements
    // kept alive would slow every later request with garbage collection).
    bare.setData(
      JSON.stringify(
        asGeoJson(
          (
            await Promise.all(
              ELEMENT_TYPES.map((t) =>
                call<{ data: MapElement[] }>('GET', `/networkelements/${t.segment}/cluster/${big}`),
              ),
            )
          ).flatMap((r) => r.data),
        ),
      ),
    );

    const signIn = async (page: Page, clusterId: number) => {
      await page.goto(`${origin}/auth/login`);
      await page.evaluate(
        ([t, u, p, c]) => {
          localStorage.setItem('token', t as string);
          localStorage.setItem('user', JSON.stringify(u));
          localStorage.setItem('projectID', String(p));
          localStorage.setItem('clusterID', String(c));
        },
        [server.token, server.user, project?.id, clusterId],
      );
    };
    // Ours: from navigation to the map's idle with every element drawn (data-ready).
    const ours: Trial = {
      async open(page) {
        await signIn(page, big);
        await page.goto(`${origin}/project/map`);
        await page.locator('[data-ready="true"]').waitFor({ timeout: 1_800_000 });
      },
      // Where the time went, from the page's own clock (navigation start = 0).
      async after(page) {
        // Note: no named functions inside evaluate (tsx would wrap them in a helper the page lacks).
        const at = await page.evaluate(() => {
          const fetches = performance
            .getEntriesByType('resource')
            .filter((r) =>
              /\/networkelements\/\w+\/cluster\//.test(r.name),
            ) as PerformanceResourceTiming[];
          return {
            asked: Math.min(...fetches.map((r) => r.startTime)),
            answered: Math.max(...fetches.map((r) => r.responseEnd)),
            drawn: performance.getEntriesByName('map:elements-drawn')[0]?.startTime ?? 0,
            idle: performance.getEntriesByName('map:idle')[0]?.startTime ?? 0,
          };
        });
        notes.push(
          `Ours, step by step from navigation start: elements asked for at ${at.asked.toFixed(0)} ms, all answered at ${at.answered.toFixed(0)} ms, in the editor and handed to MapLibre at ${at.drawn.toFixed(0)} ms, drawn (idle) at ${at.idle.toFixed(0)} ms.`,
        );
      },
    };
    const bareMap: Trial = {
      async open(page) {
        await page.goto(bare.url);
        await page.locator('body[data-ready="true"]').waitFor({ timeout: 1_800_000 });
      },
    };
    // Note: sign-in is inside the timing of ours; measure it alone to take it out.
    const [oursMs = 0, signInOnly = 0, reference = 0] = await timeInTurns(browser, [
      ours,
      { open: (page) => signIn(page, big) },
      bareMap,
    ]);

    // An edit to its row in the database: draw a marker. Timed inside the page, from the
    // click on the map to the answer of its save (the server answers once the row is
    // committed); and, as a cross-check, from the bench process polling the table.
    const small = await newCluster('BENCH-MAP-EDIT');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, small);
    await page.goto(`${origin}/project/map#18/-1.2841/36.8219`);
    await page.locator('[data-ready="true"]').waitFor({ timeout: 120_000 });
    await page.evaluate(() => {
      const times = { clicks: [] as number[], sent: [] as number[], answered: [] as number[] };
      Object.assign(window, { editTimes: times });
      addEventListener(
        'pointerup',
        (event) => {
          if ((event.target as Element).tagName === 'CANVAS') times.clicks.push(performance.now());
        },
        true,
      );
      const send = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const saving = init?.method === 'POST' && String(input).includes('/create');
        if (saving) times.sent.push(performance.now());
        const response = await send(input, init);
        if (saving) times.answered.push(performance.now());
        return response;
      };
    });
    const polled: number[] = [];
    for (let i = 1; i <= 5; i++) {
      await page.getByRole('button', { name: 'Marker', exact: true }).click();
      const start = performance.now();
      await page.mouse.click(700 + i * 30, 450);
      for (;;) {
        // Note: through the live-elements index. Without `deleted_at IS NULL` each poll read
        // the whole table, and the server's own statements queued behind these polls.
        const row = await db.one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM network_elements
              WHERE cluster_id = ${small} AND deleted_at IS NULL`,
        );
        if ((row?.n ?? 0) >= i) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      polled.push(performance.now() - start);
      await page.keyboard.press('Escape');
    }
    const edits = await page.evaluate(() => {
      const { clicks, sent, answered } = (
        window as unknown as { editTimes: Record<'clicks' | 'sent' | 'answered', number[]> }
      ).editTimes;
      // Each save paired with the last click on the map before it left.
      return sent.map((at, i) => {
        const click = Math.max(...clicks.filter((c) => c <= at));
        return {
          saved: (answered[i] ?? Infinity) - click,
          untilSent: at - click,
          request: (answered[i] ?? Infinity) - at,
        };
      });
    });
    await page.close();
    const size = mapRouteGzipKb();
    notes.push(
      `Map route, gzipped: ${size.ours.toFixed(0)} kB (its chunk, styles and MapLibre's worker); MapLibre alone: ${size.maplibre.toFixed(0)} kB.`,
    );
    notes.push(
      `Edit → row: the save request left ${median(edits.map((e) => e.untilSent)).toFixed(0)} ms after the click (autosave waits 800 ms) and was answered in ${median(edits.map((e) => e.request)).toFixed(0)} ms (medians). Seen from the bench process (Playwright's click to the row found by polling the table, on the embedded database the server also uses): ${median(polled).toFixed(0)} ms.`,
    );
    notes.push(`Sign-in inside "ours" took ${signInOnly.toFixed(0)} ms of it.`);
    return {
      figures: [
        {
          name: `map of ${COUNT.toLocaleString('en')} elements: navigation → idle`,
          ours: oursMs - signInOnly,
          reference,
          referenceName: 'bare MapLibre page, same GeoJSON',
          unit: 'ms',
          goal: 1.2,
        },
        {
          name: 'edit → row committed, timed in the page (median of 5)',
          ours: median(edits.map((e) => e.saved)),
          reference: 800,
          referenceName: 'autosave delay of SPEC §9 (goal: under 1 s)',
          unit: 'ms',
          goal: 1.25,
        },
      ],
      notes,
    };
  } finally {
    await browser.close();
    bare.server.close();
    await app.close();
    await bench.dispose();
  }
}
