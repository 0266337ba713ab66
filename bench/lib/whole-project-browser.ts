import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { BenchServer } from './bench-server.ts';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-quic', '--no-first-run'],
};

/** A plain grey PNG, answered for every base-map tile: no Internet here, and no waiting on it. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mO8e/fufwAIhgN/bd1dmQAAAABJRU5ErkJggg==',
  'base64',
);

/** A local base map for the bench's server config, and what stops it. */
export async function localBasemap() {
  const server = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(TILE_PNG),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    basemaps: [
      {
        id: 'terrain' as const,
        tiles: [`${url}/{z}/{x}/{y}.png`],
        tileSize: 256,
        maxzoom: 19,
        attribution: '',
      },
    ],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WholeProjectFigures {
  /** From navigation to the whole project's map framed and drawn (its data-ready). */
  firstRenderMs: number;
  /** Frame times while panning and zooming for `seconds`. */
  frames: number;
  frameP50Ms: number;
  frameP95Ms: number;
  /** The tab's JavaScript heap after the panning (CDP Performance.getMetrics). */
  heapMb: number;
  tilesFetched: number;
}

/**
 * The whole project's map in headless Chromium (software WebGL: no GPU here): opened through
 * the app as a signed-in admin with the project chosen, then panned and zoomed by mouse for
 * `seconds` while every animation frame's time is recorded in the page.
 */
export async function wholeProjectInChromium(
  server: BenchServer,
  projectId: number,
  clusterId: number,
  seconds = 10,
): Promise<WholeProjectFigures | null> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) return null;
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Tiles are fetched by MapLibre's worker: counted from the page's requests.
    let tilesFetched = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/tiles/')) tilesFetched++;
    });
    await page.goto(`${server.origin}/auth/login`);
    await page.evaluate(
      ([t, u, p, c]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('projectID', String(p));
        localStorage.setItem('clusterID', String(c));
      },
      [server.token, server.user, projectId, clusterId],
    );
    const start = performance.now();
    await page.goto(`${server.origin}/project/map?view=project`);
    await page.locator('[data-project-map] [data-ready="true"]').waitFor({ timeout: 600_000 });
    const firstRenderMs = performance.now() - start;

    // Note: as text: tsx would wrap a named function in a helper the page lacks.
    await page.evaluate(`(() => {
      const times = [];
      let last = performance.now();
      const tick = (now) => { times.push(now - last); last = now; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      window.frameTimes = times;
    })()`);
    const box = (await page.locator('[data-project-map]').boundingBox()) ?? {
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
    };
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const until = performance.now() + seconds * 1000;
    for (let i = 0; performance.now() < until; i++) {
      // A drag of 300 px one way, then a wheel zoom in or out at the centre.
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (i % 2 ? 300 : -300), cy + (i % 3 ? 120 : -120), { steps: 12 });
      await page.mouse.up();
      await page.mouse.wheel(0, i % 4 < 2 ? -240 : 240);
    }
    const frameTimes = (
      await page.evaluate(() => (window as unknown as { frameTimes: number[] }).frameTimes)
    ).slice(1);
    const sorted = [...frameTimes].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    return {
      firstRenderMs,
      frames: frameTimes.length,
      frameP50Ms: at(0.5),
      frameP95Ms: at(0.95),
      heapMb: heap / 1024 / 1024,
      tilesFetched,
    };
  } finally {
    await browser.close();
  }
}
