import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComputedRoute, RoadImportReport, RoadNetworkSummary } from '@integration/contracts';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../file-format/test-uploads.ts';
import { decodePolyline } from './polyline.ts';
import { defined, demoOsmPresent, smallOsm } from './routing.fixtures.ts';

/**
 * POST /routes/compute and the road network routes, through the HTTP app, on the seeded demo:
 * Nairobi CBD has a road network (the real streets, or CBD-01's grid), Mombasa Island none.
 */
let t: TestApp;
const token: Record<'admin' | 'planner' | 'viewer' | 'field', string> = {
  admin: '',
  planner: '',
  viewer: '',
  field: '',
};
let nairobi = 0;
let mombasa = 0;
let cbd01 = 0;
let msa01 = 0;

beforeAll(async () => {
  t = await createTestApp();
  token.admin = await t.login('admin@example.com', 'admin1234');
  token.planner = await t.login('planner@example.com', 'planner1234');
  token.viewer = await t.login('viewer@example.com', 'viewer1234');
  token.field = await t.login('field@example.com', 'field1234');
  nairobi = await idByName(t.db, 'projects', 'Nairobi CBD');
  mombasa = await idByName(t.db, 'projects', 'Mombasa Island');
  cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
  msa01 = await idByName(t.db, 'clusters', 'MSA-01');
});
afterAll(() => t.close());

type Who = keyof typeof token;
const compute = (who: Who, payload: object, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/routes/compute?locale=${locale}`,
    payload,
    headers: bearer(token[who]),
  });
const call = (who: Who, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(token[who]) });
const loadRoads = (
  who: Who,
  projectId: number,
  files: { name: string; data: string | Buffer }[],
  fields: Record<string, string> = {},
) => {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/routes/network/${projectId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token[who]) },
  });
};

// Two points on CBD-01's streets, in the area both the real roads and the grid cover.
const A = { lat: -1.2833, lng: 36.8167 };
const B = { lat: -1.2905, lng: 36.8215 };

describe('POST /routes/compute', () => {
  it('answers routes best first, each with distance, duration and a polyline from A to B', async () => {
    const response = await compute('field', { origin: A, destination: B, projectId: nairobi });
    expect(response.statusCode, response.body).toBe(200);
    const routes = response.json<{ data: { routes: ComputedRoute[] } }>().data.routes;
    expect(routes.length).toBeGreaterThanOrEqual(1);
    expect(routes.length).toBeLessThanOrEqual(3);
    for (const route of routes) {
      expect(route.distance).toBeGreaterThan(800);
      expect(route.duration).toBeGreaterThan(0);
      const line = decodePolyline(route.polyline);
      expect(line[0]).toEqual([A.lat, A.lng]);
      expect(line[line.length - 1]).toEqual([B.lat, B.lng]);
    }
    expect(routes.map((r) => r.duration)).toEqual(
      routes.map((r) => r.duration).sort((a, b) => a - b),
    );
    if (demoOsmPresent()) expect(routes.length).toBeGreaterThan(1);
  });

  it('answers one route when alternatives are off, and routes through waypoints', async () => {
    const one = await compute('planner', {
      origin: A,
      destination: B,
      projectId: nairobi,
      alternatives: false,
    });
    expect(one.json<{ data: { routes: unknown[] } }>().data.routes).toHaveLength(1);
    const via = await compute('planner', {
      origin: A,
      destination: B,
      waypoints: [{ lat: -1.2864, lng: 36.8172 }],
      projectId: nairobi,
    });
    expect(via.statusCode, via.body).toBe(200);
    expect(via.json<{ data: { routes: unknown[] } }>().data.routes).toHaveLength(1);
  });

  it('answers the cost and the metres per kind for the infrastructure profile', async () => {
    const response = await compute('planner', {
      origin: A,
      destination: B,
      projectId: nairobi,
      clusterId: cbd01,
      profile: 'infrastructure',
    });
    expect(response.statusCode, response.body).toBe(200);
    const best = defined(response.json<{ data: { routes: ComputedRoute[] } }>().data.routes[0]);
    const { aerial, duct, cable, trench } = defined(best.lengths);
    expect(aerial + duct + cable + trench).toBeCloseTo(best.distance, -1);
    // CBD-01's poles and cables are cheaper than trenching: the route uses them.
    expect(aerial + cable + duct).toBeGreaterThan(0);
    expect(best.cost).toBeCloseTo(aerial * 4 + duct * 6 + cable * 3 + trench * 25, -1);
  });

  it('does not follow the cable being routed itself (excludeElementId)', async () => {
    // A planner draws a new cable straight from A to B, then asks for its route.
    const drawn = await t.app.inject({
      method: 'POST',
      url: '/api/networkelements/cable/create',
      payload: { clusterId: cbd01, coordinates: [A, B] },
      headers: bearer(token.planner),
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const cable = drawn.json<{ data: { id: number } }>().data;
    const best = async (extra: object) => {
      const response = await compute('planner', {
        origin: A,
        destination: B,
        projectId: nairobi,
        clusterId: cbd01,
        profile: 'infrastructure',
        alternatives: false,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      return defined(response.json<{ data: { routes: ComputedRoute[] } }>().data.routes[0]);
    };
    try {
      // Counted as infrastructure, the cable is its own cheapest route.
      const along = await best({});
      expect(defined(along.lengths).cable).toBeGreaterThan(0.9 * along.distance);
      // Left out, the route follows what else exists, or trenches, and costs more.
      const without = await best({ excludeElementId: cable.id });
      expect(defined(without.lengths).cable).toBeLessThan(defined(along.lengths).cable);
      expect(without.cost).toBeGreaterThan(defined(along.cost));
    } finally {
      await t.db.rows(sql`UPDATE network_elements SET deleted_at = now() WHERE id = ${cable.id}`);
    }
  });

  it('refuses bad coordinates (400) naming the field', async () => {
    const response = await compute('planner', {
      origin: { lat: 123, lng: A.lng },
      destination: B,
      projectId: nairobi,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/origin/);
  });

  it('names the point farther than 500 m from every road (422), in English and French', async () => {
    const far = { lat: -1.33, lng: 36.9 };
    const en = await compute('planner', { origin: A, destination: far, projectId: nairobi });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      status: false,
      statusCode: 422,
      details: { reason: 'tooFar', point: 'destination', maxMetres: 500 },
    });
    expect(en.json<{ message: string }>().message).toMatch(/^The destination is more than 500 m/);
    const fr = await compute('planner', { origin: far, destination: B, projectId: nairobi }, 'fr');
    expect(fr.json<{ message: string }>().message).toMatch(/^L'origine est à plus de 500 m/);
    const waypoint = await compute('planner', {
      origin: A,
      destination: B,
      waypoints: [A, far],
      projectId: nairobi,
    });
    expect(waypoint.json()).toMatchObject({ details: { point: 'waypoint', index: 2 } });
  });

  it('says how to import roads when the project has none (409)', async () => {
    const response = await compute('viewer', {
      origin: { lat: -4.05, lng: 39.66 },
      destination: { lat: -4.06, lng: 39.67 },
      projectId: mombasa,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CONFLICT',
      details: { reason: 'noRoadNetwork', importPath: `/api/routes/network/${mombasa}` },
    });
    expect(response.json<{ message: string }>().message).toMatch(/import wizard/);
  });

  it('keeps projects apart: 403 to a reader of another project, 404 to an admin for a missing one', async () => {
    expect(
      (await compute('viewer', { origin: A, destination: B, projectId: nairobi })).statusCode,
    ).toBe(403);
    expect(
      (await compute('admin', { origin: A, destination: B, projectId: 999_999 })).statusCode,
    ).toBe(404);
    const otherCluster = await compute('admin', {
      origin: A,
      destination: B,
      projectId: nairobi,
      clusterId: msa01,
      profile: 'infrastructure',
    });
    expect(otherCluster.statusCode).toBe(422);
  });
});

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
      data: { costPerMetre: { aerial: 4, duct: 6, cable: 3, trench: 25 } },
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
});
