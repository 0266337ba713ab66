import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComputedRoute, RoadImportReport, RoadNetworkSummary } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { defined, smallOsm } from './routing.fixtures.ts';
import { A, B, call, compute, loadRoads, startRoutingApi, token } from './routing.http-fixtures.ts';

/** A project's road network (load, read, clear) and routing settings, through the HTTP app. */
let t: TestApp;
let nairobi = 0;
let mombasa = 0;

beforeAll(async () => {
  ({ t, nairobi, mombasa } = await startRoutingApi());
});
afterAll(() => t.close());

describe('the road network of a project', () => {
  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { highway: 'residential', name: 'Nkrumah Road', oneway: 'no' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [39.66, -4.05],
            [39.67, -4.05],
            [39.68, -4.05],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { highway: 'secondary', name: 'Digo Road' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [39.67, -4.05],
            [39.67, -4.06],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { highway: 'bus_stop' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [39.66, -4.051],
            [39.661, -4.051],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { name: 'a pole' },
        geometry: { type: 'Point', coordinates: [39.66, -4.05] },
      },
    ],
  });

  it('loads a GeoJSON (replace), reports it, and routes on it', async () => {
    const response = await loadRoads('admin', mombasa, [{ name: 'roads.geojson', data: geojson }]);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ data: RoadImportReport; message: string }>();
    expect(report.data).toMatchObject({ edges: 2, classes: { residential: 1, secondary: 1 } });
    expect(report.data.kilometres).toBeCloseTo(3.34, 1);
    expect(report.data.skipped.map((s) => s.reason).sort()).toEqual(['notLine', 'notRoad']);
    expect(report.message).toMatch(/^Road network replaced: 2 roads/);

    const summary = await call('viewer', 'GET', `/api/routes/network/${mombasa}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json<{ data: RoadNetworkSummary }>().data).toMatchObject({
      edges: 2,
      extent: [39.66, -4.06, 39.68, -4.05],
    });
    expect(summary.json<{ data: RoadNetworkSummary }>().data.builtAt).toMatch(/^\d{4}-/);

    const routed = await compute('viewer', {
      origin: { lat: -4.0501, lng: 39.661 },
      destination: { lat: -4.0595, lng: 39.6701 },
      projectId: mombasa,
    });
    expect(routed.statusCode, routed.body).toBe(200);
    const [route] = routed.json<{ data: { routes: ComputedRoute[] } }>().data.routes;
    expect(route?.distance).toBeGreaterThan(1900);
    expect(route?.distance).toBeLessThan(2100);
  });

  it('adds an OpenStreetMap file to it (mode add): highways of the lines layer, one-way and access kept', async () => {
    const response = await loadRoads(
      'admin',
      mombasa,
      [{ name: 'mombasa.osm', data: smallOsm() }],
      {
        mode: 'add',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ data: RoadImportReport; message: string }>();
    expect(report.data.edges).toBe(5);
    expect(report.data.classes).toEqual({
      residential: 1,
      tertiary: 1,
      primary: 1,
      footway: 1,
      service: 1,
    });
    expect(report.data.skipped).toEqual([expect.objectContaining({ reason: 'notRoad', count: 1 })]);
    expect(report.message).toMatch(/^Roads added to the network: 5 roads/);
    const rows = await t.db.rows<{
      name: string | null;
      oneway: number;
      access: string | null;
    }>(sql`
      SELECT name, oneway, access FROM roads WHERE project_id = ${mombasa} ORDER BY id`);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.name === 'Digo Road' && r.oneway === 1)).toBeDefined();
    expect(rows.filter((r) => r.oneway === 1)).toHaveLength(2); // Digo Road and the roundabout
    expect(rows.find((r) => r.access === 'private')).toBeDefined();
  });

  it('replaces it with an OpenStreetMap file (mode replace)', async () => {
    const response = await loadRoads('admin', mombasa, [{ name: 'mombasa.osm', data: smallOsm() }]);
    expect(response.statusCode, response.body).toBe(200);
    const summary = await call('admin', 'GET', `/api/routes/network/${mombasa}`);
    expect(summary.json<{ data: RoadNetworkSummary }>().data.edges).toBe(5);
  });

  it('refuses a file without lines and a bad mode, changing nothing', async () => {
    const points = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [39.66, -4.05] },
        },
      ],
    });
    const none = await loadRoads('admin', mombasa, [{ name: 'poles.geojson', data: points }]);
    expect(none.statusCode).toBe(422);
    const mode = await loadRoads('admin', mombasa, [{ name: 'roads.geojson', data: geojson }], {
      mode: 'merge',
    });
    expect(mode.statusCode).toBe(400);
    const empty = await loadRoads('admin', mombasa, []);
    expect(empty.statusCode).toBe(400);
    const summary = await call('admin', 'GET', `/api/routes/network/${mombasa}`);
    expect(summary.json<{ data: RoadNetworkSummary }>().data.edges).toBe(5);
  });

  it('lets planners of the project and admins load roads; others get 403', async () => {
    const viewer = await loadRoads('viewer', mombasa, [{ name: 'roads.geojson', data: geojson }]);
    expect(viewer.statusCode).toBe(403);
    const planner = await loadRoads('planner', mombasa, [{ name: 'roads.geojson', data: geojson }]);
    expect(planner.statusCode).toBe(403); // a planner of other projects
    const field = await loadRoads('field', nairobi, [{ name: 'roads.geojson', data: geojson }]);
    expect(field.statusCode).toBe(403);
    expect((await call('viewer', 'GET', `/api/routes/network/${nairobi}`)).statusCode).toBe(403);
  });

  it('is cleared by an admin only; routing then answers 409', async () => {
    expect((await call('planner', 'DELETE', `/api/routes/network/${nairobi}`)).statusCode).toBe(
      403,
    );
    const cleared = await call('admin', 'DELETE', `/api/routes/network/${mombasa}`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ data: { edges: 5 } });
    const summary = await call('viewer', 'GET', `/api/routes/network/${mombasa}`);
    expect(summary.json<{ data: RoadNetworkSummary }>().data).toMatchObject({
      edges: 0,
      extent: null,
      builtAt: null,
    });
    const routed = await compute('viewer', {
      origin: { lat: -4.0501, lng: 39.661 },
      destination: { lat: -4.0595, lng: 39.6701 },
      projectId: mombasa,
    });
    expect(routed.statusCode).toBe(409);
  });
});

describe('routing settings', () => {
  it('are read by readers and changed by planners; a slower class changes the durations', async () => {
    const before = await compute('planner', {
      origin: A,
      destination: B,
      projectId: nairobi,
      alternatives: false,
    });
    const got = await call('field', 'GET', `/api/routes/settings/${nairobi}`);
    expect(got.json()).toMatchObject({
      // Costs are in the currency of the project's country (Nairobi CBD: Kenya).
      data: { costPerMetre: { aerial: 4, duct: 6, cable: 3, trench: 25 }, currency: 'KES' },
    });
    const speeds = Object.fromEntries(
      [
        'primary',
        'secondary',
        'tertiary',
        'residential',
        'unclassified',
        'service',
        'trunk',
        'living_street',
      ].map((k) => [k, 5]),
    );
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/routes/settings/${nairobi}`,
      payload: { speedsKmh: speeds },
      headers: bearer(token.field),
    });
    expect(denied.statusCode).toBe(403);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/routes/settings/${nairobi}`,
      payload: { speedsKmh: speeds },
      headers: bearer(token.planner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await compute('planner', {
      origin: A,
      destination: B,
      projectId: nairobi,
      alternatives: false,
    });
    const slow = defined(after.json<{ data: { routes: ComputedRoute[] } }>().data.routes[0]);
    const fast = defined(before.json<{ data: { routes: ComputedRoute[] } }>().data.routes[0]);
    expect(slow.duration).toBeGreaterThan(fast.duration * 3);
  });

  it('refuses unknown classes and absurd speeds (400 naming the field), storing nothing', async () => {
    const save = (payload: object, locale = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/routes/settings/${nairobi}?locale=${locale}`,
        payload,
        headers: bearer(token.planner),
      });
    const before = (await call('planner', 'GET', `/api/routes/settings/${nairobi}`)).body;
    // 200,000 made-up classes: 2.5 MB that were stored and answered on every read.
    const many = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`c${i}`, 5]));
    const flood = await save({ speedsKmh: many });
    expect(flood.statusCode).toBe(400);
    expect(flood.body.length).toBeLessThan(2_000);
    expect(flood.json<{ message: string }>().message).toMatch(/is not a known field/);
    const crawl = await save({ speedsKmh: { residential: 1e-7 } });
    expect(crawl.statusCode).toBe(400);
    expect(crawl.json<{ message: string }>().message).toBe(
      "'speedsKmh.residential' must be at least 1.",
    );
    const fast = await save({ speedsKmh: { motorway: 5000 } }, 'fr');
    expect(fast.statusCode).toBe(400);
    expect(fast.json<{ message: string }>().message).toMatch(/speedsKmh\.motorway/);
    const excluded = await save({ excludedClasses: ['motorway', 'hovercraft_lane'] });
    expect(excluded.statusCode).toBe(400);
    expect(excluded.json<{ message: string }>().message).toMatch(
      /^'excludedClasses\.1' must be one of: motorway/,
    );
    const tooMany = await save({ excludedClasses: Array.from({ length: 200_000 }, () => 'track') });
    expect(tooMany.statusCode).toBe(400);
    expect((await call('planner', 'GET', `/api/routes/settings/${nairobi}`)).body).toBe(before);
  });
});
