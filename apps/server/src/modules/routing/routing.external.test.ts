import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as codec from '@googlemaps/polyline-codec';
import type { ComputedRoute } from '@integration/contracts';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { RoutingEngine } from './external-routing.ts';
import { decodePolyline } from './polyline.ts';

/**
 * ROUTING_ENGINE=graphhopper|valhalla: two-wheeler queries go to a GraphHopper or a Valhalla
 * server (here a small local HTTP server answering as each does, a stand-in for the external
 * service) and come back in our shape. OSRM: routing.osrm.test.ts.
 */
const { encode } = (codec as unknown as { default?: typeof codec }).default ?? codec;
const A = { lat: -1.2833, lng: 36.8167 };
const B = { lat: -1.2905, lng: 36.8215 };
const PATH: [number, number][] = [
  [A.lat, A.lng + 0.0001],
  [-1.287, 36.819],
  [B.lat, B.lng - 0.0001],
];
/** The alternative: another course (east, then south), or it would be dropped as the same. */
const DETOUR: [number, number][] = [
  [A.lat, A.lng + 0.0001],
  [A.lat, B.lng],
  [B.lat, B.lng - 0.0001],
];

interface Asked {
  url: string;
  method: string;
  body: string;
}

/** A stand-in server answering `answer` and recording what it was asked. */
async function standIn(answer: () => { status: number; body: unknown }) {
  const asked: Asked[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      asked.push({ url: request.url ?? '', method: request.method ?? '', body });
      const { status, body: sent } = answer();
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(sent));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { asked, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function suite(
  engine: RoutingEngine,
  ok: { body: unknown; routes: number; duration: number },
  refusal: { status: number; body: unknown; says: RegExp },
  check: (asked: Asked) => void,
) {
  describe(`ROUTING_ENGINE=${engine}`, () => {
    let t: TestApp;
    let token = '';
    let nairobi = 0;
    let answer: { status: number; body: unknown } = { status: 200, body: ok.body };
    let server: Awaited<ReturnType<typeof standIn>>;
    beforeAll(async () => {
      server = await standIn(() => answer);
      t = await createTestApp({ routingUrl: server.url, routingEngine: engine });
      token = await t.login('planner@example.com', 'planner1234');
      nairobi = await idByName(t.db, 'projects', 'Nairobi CBD');
    });
    afterAll(async () => {
      await t.close();
      await new Promise((resolve) => server.server.close(resolve));
    });
    const compute = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/routes/compute',
        payload: { origin: A, destination: B, projectId: nairobi },
        headers: bearer(token),
      });

    it('asks for alternatives and answers them in our shape, from A to B', async () => {
      answer = { status: 200, body: ok.body };
      const response = await compute();
      expect(response.statusCode, response.body).toBe(200);
      check(server.asked.at(-1) as Asked);
      const routes = response.json<{ data: { routes: ComputedRoute[] } }>().data.routes;
      expect(routes).toHaveLength(ok.routes);
      expect(routes[0]?.duration).toBe(ok.duration);
      expect(routes[0]?.distance).toBeGreaterThan(1200);
      expect(routes[0]?.distance).toBeLessThan(1240); // plus the legs from A and to B
      const line = decodePolyline(routes[0]?.polyline ?? '');
      expect(line[0]).toEqual([A.lat, A.lng]);
      expect(line[2]?.[0]).toBeCloseTo(-1.287, 5);
      expect(line).toHaveLength(5);
    });

    it('answers its refusals with 422 and a failing server with 503', async () => {
      answer = refusal;
      const refused = await compute();
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toMatch(refusal.says);
      answer = { status: 502, body: 'Bad gateway' };
      const down = await compute();
      expect(down.statusCode).toBe(503);
    });
  });
}

suite(
  'graphhopper',
  {
    body: {
      paths: [
        { distance: 1200, time: 150_000, points: encode(PATH, 5) },
        { distance: 1400, time: 175_000, points: encode(DETOUR, 5) },
      ],
    },
    routes: 2,
    duration: 150,
  },
  { status: 400, body: { message: 'Cannot find point 0' }, says: /Cannot find point 0/ },
  (asked) => {
    const url = new URL(asked.url, 'http://x');
    expect(url.pathname).toBe('/route');
    expect(url.searchParams.getAll('point')).toEqual([`${A.lat},${A.lng}`, `${B.lat},${B.lng}`]);
    expect(url.searchParams.get('profile')).toBe('scooter');
    expect(url.searchParams.get('algorithm')).toBe('alternative_route');
  },
);

suite(
  'valhalla',
  {
    body: {
      trip: { summary: { length: 1.2, time: 150 }, legs: [{ shape: encode(PATH, 6) }] },
      alternates: [
        { trip: { summary: { length: 1.4, time: 175 }, legs: [{ shape: encode(DETOUR, 6) }] } },
      ],
    },
    routes: 2,
    duration: 150,
  },
  { status: 400, body: { error_code: 442, error: 'No path could be found' }, says: /442/ },
  (asked) => {
    expect(asked.method).toBe('POST');
    expect(asked.url).toBe('/route');
    expect(JSON.parse(asked.body)).toMatchObject({
      locations: [
        { lat: A.lat, lon: A.lng },
        { lat: B.lat, lon: B.lng },
      ],
      costing: 'motor_scooter',
      alternates: 2,
    });
  },
);
