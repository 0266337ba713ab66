import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature, FeatureCollection, Point, Position } from 'geojson';
import { BASEMAP_IDS, basemapsResponseSchema } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadBasemaps } from './basemaps.config.ts';
import { DEFAULT_BASEMAPS } from './basemaps.defaults.ts';

let t: TestApp;
const tokens = { viewer: '', field: '' };
const satellite = {
  id: 'satellite',
  tiles: ['https://imagery.example.com/{z}/{x}/{y}.jpg'],
  attribution: '© Example imagery',
};

beforeAll(async () => {
  t = await createTestApp({ basemaps: loadBasemaps(JSON.stringify([satellite])) });
  tokens.viewer = await t.login('viewer@example.com', 'viewer1234');
  tokens.field = await t.login('field@example.com', 'field1234');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /api/map/basemaps', () => {
  it('needs a token', async () => {
    const response = await get('/api/map/basemaps');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: false, error: 'UNAUTHORIZED' });
  });

  it('answers every signed-in user the four map types and the offline layer URLs', async () => {
    for (const token of [tokens.viewer, tokens.field]) {
      const response = await get('/api/map/basemaps', bearer(token));
      expect(response.statusCode).toBe(200);
      const json = response.json<{ status: boolean; data: unknown }>();
      expect(json.status).toBe(true);
      const data = basemapsResponseSchema.parse(json.data);
      expect(data.basemaps.map((b) => b.id)).toEqual([...BASEMAP_IDS]);
      expect(data.offline).toEqual({
        land: '/api/map/offline/land.geojson',
        borders: '/api/map/offline/borders.geojson',
        places: '/api/map/offline/places.geojson',
      });
    }
  });

  it('serves the configured layers over the defaults', async () => {
    const { data } = (await get('/api/map/basemaps', bearer(tokens.viewer))).json<{
      data: { basemaps: unknown[] };
    }>();
    expect(data.basemaps[1]).toEqual({ ...satellite, tileSize: 256, maxzoom: 19 });
    expect(data.basemaps[0]).toEqual(DEFAULT_BASEMAPS[0]);
    expect(data.basemaps[3]).toEqual(DEFAULT_BASEMAPS[3]);
  });
});

async function layer(name: string): Promise<FeatureCollection> {
  const response = await get(`/api/map/offline/${name}.geojson`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/geo+json');
  return response.json<FeatureCollection>();
}

/** Every position of a geometry, however deeply nested. */
function positions(coordinates: unknown): Position[] {
  if (!Array.isArray(coordinates)) return [];
  if (typeof coordinates[0] === 'number') return [coordinates as Position];
  return coordinates.flatMap(positions);
}

function expectOnEarth(all: Position[]) {
  for (const [lng = NaN, lat = NaN] of all) {
    expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
  }
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

describe('GET /api/map/offline/*.geojson', () => {
  it('serves land polygons (their outlines are the coastlines), without a token', async () => {
    const land = await layer('land');
    expect(land.type).toBe('FeatureCollection');
    expect(land.features.length).toBeGreaterThan(0);
    const polygons = land.features.flatMap((f) =>
      f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [],
    );
    expect(polygons.length).toBeGreaterThan(1000);
    for (const ring of polygons.flat()) {
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring.at(-1));
    }
    const all = positions(polygons);
    expectOnEarth(all);
    expect(
      Math.max(...all.slice(0, 5000).map(([x = 0, y = 0]) => Math.max(decimals(x), decimals(y)))),
    ).toBeLessThanOrEqual(4);
  });

  it('serves country borders as lines', async () => {
    const borders = await layer('borders');
    expect(borders.features).toHaveLength(1);
    const geometry = borders.features[0]?.geometry;
    expect(geometry?.type).toBe('MultiLineString');
    if (geometry?.type !== 'MultiLineString') return;
    // mesh joins the shared arcs into as few lines as it can.
    expect(geometry.coordinates.length).toBeGreaterThan(150);
    expect(positions(geometry.coordinates).length).toBeGreaterThan(10_000);
    for (const line of geometry.coordinates) expect(line.length).toBeGreaterThanOrEqual(2);
    expectOnEarth(positions(geometry.coordinates));
  });

  it('serves one labelled point per country, inside the country', async () => {
    const places = (await layer('places')) as FeatureCollection<
      Point,
      { name: string; rank: number }
    >;
    expect(places.features.length).toBeGreaterThan(200);
    expect(places.features.length).toBeLessThanOrEqual(250);
    const byName = new Map<string, Feature<Point, { name: string; rank: number }>>(
      places.features.map((f) => [f.properties.name, f]),
    );
    expect(byName.size).toBe(places.features.length);
    expectOnEarth(places.features.map((f) => f.geometry.coordinates));
    expect(places.features.map((f) => f.properties.rank)).toEqual(
      places.features.map((_, i) => i + 1),
    );
    expect(places.features[0]?.properties.name).toBe('Russia');

    const within = (name: string, [w, s, e, n]: [number, number, number, number]) => {
      const [lng = NaN, lat = NaN] = byName.get(name)?.geometry.coordinates ?? [];
      expect(lng, name).toBeGreaterThan(w);
      expect(lng, name).toBeLessThan(e);
      expect(lat, name).toBeGreaterThan(s);
      expect(lat, name).toBeLessThan(n);
    };
    within('Kenya', [34, -4.7, 41.9, 5]);
    within('France', [-5, 42.3, 8.2, 51.1]); // mainland, not French Guiana
    within('United States of America', [-125, 24, -67, 49.5]); // the lower 48
    within('Chile', [-76, -56, -66, -17]);
    within('Indonesia', [95, -11, 141, 6]);
  });

  it('is cacheable for a day, answers 304 to its ETag and gzips when asked', async () => {
    const plain = await get('/api/map/offline/borders.geojson');
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/api/map/offline/borders.geojson', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    const zipped = await get('/api/map/offline/borders.geojson', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('keeps the whole offline layer small', async () => {
    const sizes = await Promise.all(
      ['land', 'borders', 'places'].map(async (name) => {
        const response = await get(`/api/map/offline/${name}.geojson`, {
          'accept-encoding': 'gzip',
        });
        return response.rawPayload.length;
      }),
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(1_000_000);
  });
});
