import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ComputedRoute } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { decodePolyline } from './polyline.ts';
import { defined, demoOsmPresent } from './routing.fixtures.ts';
import { A, B, compute, startRoutingApi, token } from './routing.http-fixtures.ts';

/** POST /routes/compute through the HTTP app, on the seeded demo (routing.http-fixtures.ts). */
let t: TestApp;
let nairobi = 0;
let mombasa = 0;
let cbd01 = 0;
let msa01 = 0;

beforeAll(async () => {
  ({ t, nairobi, mombasa, cbd01, msa01 } = await startRoutingApi());
});
afterAll(() => t.close());

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
    // In the currency of the project's country (Camusat Kenya), never a bare figure.
    expect(response.json<{ data: { currency: string | null } }>().data.currency).toBe('KES');
    const routes = response.json<{ data: { routes: ComputedRoute[] } }>().data.routes;
    expect(new Set(routes.map((r) => r.polyline)).size).toBe(routes.length);
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
