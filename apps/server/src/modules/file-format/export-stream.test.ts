import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPORT_FORMATS } from '@integration/contracts';
import { liveElementCounts } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportRepository } from './export.repository.ts';
import { hasOgr } from './test-uploads.ts';

/**
 * Exports that stream from the database (issue 30): whole projects in every GIS format, read
 * back by GDAL's own tools; a large export whose server memory stays flat; a cancelled one that
 * stops reading the database.
 */

/** Elements of the generated cluster: more than the exports keep in memory (200,000). */
const LARGE = 210_000;
/**
 * The server's memory may grow by at most this much during the large export (its GeoJSON is
 * about 80 MB; pages are 20,000 elements, a few MB each): the JavaScript heap of the main
 * thread, and the process's resident memory (the GDAL worker's WebAssembly memory included).
 */
const HEAP_CAP_MB = 64;
const RSS_CAP_MB = 256;

let t: TestApp;
let admin: string;
let viewer: string;
let projectId: number;
let officeId: number;
let origin: string;
let largeCluster: number;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer] = await Promise.all([
    t.login('admin@example.com', 'admin1234'),
    t.login('viewer@example.com', 'viewer1234'),
  ]);
  const cbd = await t.db.one<{ project_id: number; office_id: number }>(sql`
    SELECT co.project_id, co.id AS office_id FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id WHERE c.name = 'CBD-01'`);
  projectId = cbd?.project_id ?? 0;
  officeId = cbd?.office_id ?? 0;
  work = await mkdtemp(path.join(os.tmpdir(), 'export-stream-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const exportFile = (payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/file-format/export', payload, headers: bearer(token) });

/** Layers and their feature counts as ogrinfo lists them (GDAL reading every byte). */
function ogrCounts(file: string): Map<string, number> {
  const text = execFileSync('ogrinfo', ['-ro', '-so', '-al', file], { encoding: 'utf8' });
  return new Map(
    text
      .split(/\nLayer name: /)
      .slice(1)
      .map((block) => [
        block.split('\n')[0]?.trim() ?? '',
        Number(/\nFeature Count: (\d+)/.exec(block)?.[1] ?? -1),
      ]),
  );
}

/** Every feature read, not only counted: ogr2ogr fails on a broken one. */
function ogrReadsAll(file: string): number {
  const text = execFileSync('ogr2ogr', ['-f', 'GeoJSONSeq', '/vsistdout/', file], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  return text.split('\n').filter((line) => line.includes('"Feature"')).length;
}

describe.skipIf(!hasOgr)('whole-project exports read back by ogrinfo', () => {
  for (const format of EXPORT_FORMATS) {
    it(format, async () => {
      const response = await exportFile({ projectId, format });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const extension = format === 'shp' ? 'zip' : format;
      const file = path.join(work, `project.${extension}`);
      await writeFile(file, response.rawPayload);
      const source = format === 'shp' ? `/vsizip/${file}` : file;
      const counts = await liveElementCounts(t.db, 'project', projectId);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const layers = ogrCounts(source);
      expect([...layers.values()].reduce((a, b) => a + b, 0)).toBe(total);
      expect(ogrReadsAll(source)).toBe(total);
      if (format === 'gpkg') {
        // Every cluster's poles in the one Pole layer.
        expect(layers.get('Pole')).toBe(counts.Pole);
      }
    });
  }

  it('exports a central office, and only what the user may read', async () => {
    const office = await exportFile({ centralOfficeId: officeId, format: 'geojson' });
    expect(office.statusCode).toBe(200);
    const inOffice = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM network_elements e JOIN clusters c ON c.id = e.cluster_id
      WHERE c.central_office_id = ${officeId} AND e.deleted_at IS NULL`);
    expect(office.json<{ features: unknown[] }>().features).toHaveLength(inOffice?.n ?? -1);

    const two = await exportFile({ projectId, centralOfficeId: officeId, format: 'geojson' });
    expect(two.statusCode).toBe(400);
    const none = await exportFile({ format: 'geojson' });
    expect(none.statusCode).toBe(400);
    const forbidden = await exportFile({ projectId, format: 'kml' }, viewer);
    expect(forbidden.statusCode).toBe(403);
    const missing = await exportFile({ projectId: 999_999, format: 'kml' });
    expect(missing.statusCode).toBe(404);
  });
});

describe.skipIf(!hasOgr)('a type mixing geometry types', () => {
  /** A new cluster holding elements of one type written straight in SQL, as another tool would. */
  async function clusterOf(name: string, type: string, shapes: [string, string][]) {
    const cluster = await t.db.one<{ id: number }>(sql`
      INSERT INTO clusters (central_office_id, name) VALUES (${officeId}, ${name}) RETURNING id`);
    for (const [element, wkt] of shapes)
      await t.db.rows(sql`
        INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, created_by, updated_by)
        SELECT ${cluster?.id}, ${type}, t.id, ${element}, ST_GeomFromText(${wkt}, 4326), '{}'::jsonb, 1, 1
        FROM element_templates t
        WHERE t.project_id = ${projectId} AND t.type = ${type} AND t.is_default`);
    return cluster?.id;
  }

  it('exports each element with its own geometry (a FlatGeobuf header declares one type)', async () => {
    const clusterId = await clusterOf('MIXED', 'Cable', [
      ['single', 'LINESTRING(36.8 -1.28, 36.81 -1.28)'],
      ['double', 'MULTILINESTRING((36.81 -1.28, 36.82 -1.28), (36.83 -1.28, 36.84 -1.28))'],
    ]);
    const response = await exportFile({ clusterId, format: 'geojson' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const features = response.json<{
      features: { geometry: { type: string }; properties: { Name: string } }[];
    }>().features;
    expect(features.map((f) => [f.properties.Name, f.geometry.type]).sort()).toEqual([
      ['double', 'MultiLineString'],
      ['single', 'LineString'],
    ]);
  });

  it("writes the coordinates of a point type held as a MultiPoint (an imported file's), in every format", async () => {
    const clusterId = await clusterOf('MULTIPOINT', 'Pole', [
      ['one', 'POINT(36.8 -1.28)'],
      ['many', 'MULTIPOINT((36.81 -1.29), (36.82 -1.3))'],
    ]);
    for (const format of ['csv', 'kml', 'shp', 'gpkg', 'fgb']) {
      const response = await exportFile({ clusterId, format });
      expect(response.statusCode, `${format}: ${response.body.slice(0, 300)}`).toBe(200);
    }
    const response = await exportFile({ clusterId, format: 'geojson' });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const features = response.json<{
      features: { properties: { Name: string; Coordinates: string } }[];
    }>().features;
    expect(features.map((f) => [f.properties.Name, f.properties.Coordinates]).sort()).toEqual([
      ['many', '-1.29, 36.81'],
      ['one', '-1.28, 36.8'],
    ]);
  });
});

describe.skipIf(!hasOgr)('a large export', () => {
  beforeAll(async () => {
    // A cluster of LARGE poles written straight in SQL, a third without an owner.
    const cluster = await t.db.one<{ id: number }>(sql`
      INSERT INTO clusters (central_office_id, name) VALUES (${officeId}, 'LARGE-EXPORT') RETURNING id`);
    largeCluster = cluster?.id ?? 0;
    await t.db.rows(sql`
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, created_by, updated_by)
      SELECT ${largeCluster}, 'Pole', t.id, 'Poteau ' || i || ' é',
             ST_SetSRID(ST_MakePoint(36.7 + (i % 400) * 0.0005, -1.35 + (i / 400) * 0.0004), 4326),
             jsonb_build_object('Height', 9 + i % 4, 'Owner', CASE WHEN i % 3 = 0 THEN '' ELSE 'Bench' END), 1, 1
      FROM element_templates t CROSS JOIN generate_series(1, ${LARGE}) AS i
      WHERE t.project_id = ${projectId} AND t.type = 'Pole' AND t.is_default`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 300_000);

  const post = (body: object, signal?: AbortSignal) =>
    fetch(`${origin}/api/file-format/export`, {
      method: 'POST',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });

  it(`keeps the server's memory flat (heap < ${HEAP_CAP_MB} MB, RSS < ${RSS_CAP_MB} MB more)`, async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    let heap = 0;
    let rss = 0;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      heap = Math.max(heap, now.heapUsed - before.heapUsed);
      rss = Math.max(rss, now.rss - before.rss);
    }, 20);
    let bytes = 0;
    let lines = 0;
    try {
      const response = await post({ clusterId: largeCluster, format: 'geojson' });
      expect(response.status).toBe(200);
      // Read as it comes, not held: the test's own memory stays out of the figures.
      const decoder = new TextDecoder();
      let tail = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        // A feature's type may straddle two chunks: the end of the previous one goes along.
        const text = tail + decoder.decode(chunk, { stream: true });
        lines += text.split('"Feature"').length - 1;
        tail = text.slice(-8);
      }
    } finally {
      clearInterval(sample);
    }
    console.log(
      `large export: ${LARGE} elements, ${(bytes / 1e6).toFixed(0)} MB of GeoJSON; server heap +${(heap / 1e6).toFixed(0)} MB, RSS +${(rss / 1e6).toFixed(0)} MB`,
    );
    expect(lines).toBe(LARGE);
    expect(heap / 1024 / 1024).toBeLessThan(HEAP_CAP_MB);
    expect(rss / 1024 / 1024).toBeLessThan(RSS_CAP_MB);
  }, 300_000);

  it('stops reading the database when the client goes away', async () => {
    const pages = vi.spyOn(exportRepository, 'flatGeobufPage');
    const abort = new AbortController();
    const request = post({ clusterId: largeCluster, format: 'gpkg' }, abort.signal).catch(
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(pages.mock.calls.length).toBeGreaterThanOrEqual(2), {
      timeout: 60_000,
      interval: 20,
    });
    abort.abort();
    expect(await request).toBeInstanceOf(Error);
    const atCancel = pages.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // At most the page being read when the client left: not the 11 of the whole cluster.
    expect(pages.mock.calls.length).toBeLessThanOrEqual(atCancel + 1);
    pages.mockRestore();
    // GDAL is free again: the next export answers.
    const next = await exportFile({ centralOfficeId: officeId, format: 'csv', types: ['zone'] });
    expect(next.statusCode).toBe(200);
  }, 120_000);
});
