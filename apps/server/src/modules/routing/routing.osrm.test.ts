import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputedRoute } from '@integration/contracts';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';

/**
 * ROUTING_URL: two-wheeler queries go to an OSRM server, here a small local HTTP server that
 * answers as OSRM does (a stand-in for the external service), and come back in our shape.
 */
let osrm: Server;
let t: TestApp;
let token = '';
let nairobi = 0;
const asked: string[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };

const A = { lat: -1.2833, lng: 36.8167 };
const B = { lat: -1.2905, lng: 36.8215 };
const osrmRoute = (distance: number, via: number) => ({
  distance,
  duration: distance / 8,
  geometry: encodePolyline([A.lng + 0.0001, A.lat, via, -1.287, B.lng - 0.0001, B.lat]),
});

beforeAll(async () => {
  osrm = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  const port = (osrm.address() as AddressInfo).port;
  t = await createTestApp({ routingUrl: `http://127.0.0.1:${port}/` });
  token = await t.login('planner@example.com', 'planner1234');
  nairobi = await idByName(t.db, 'projects', 'Nairobi CBD');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => osrm.close(resolve));
});

const compute = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/routes/compute',
    payload: { origin: A, destination: B, projectId: nairobi, ...payload },
    headers: bearer(token),
  });

describe('ROUTING_URL (OSRM)', () => {
  it('asks OSRM for alternatives and answers them in our shape, from A to B', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        code: 'Ok',
        routes: [osrmRoute(1200, 36.819), osrmRoute(1400, 36.82)],
      }),
    };
    const response = await compute({});
    expect(response.statusCode, response.body).toBe(200);
    expect(asked.at(-1)).toBe(
      `/route/v1/driving/${A.lng.toFixed(7)},${A.lat.toFixed(7)};${B.lng.toFixed(7)},${B.lat.toFixed(7)}?alternatives=3&overview=full&geometries=polyline`,
    );
    const routes = response.json<{ data: { routes: ComputedRoute[] } }>().data.routes;
    expect(routes).toHaveLength(2);
    expect(routes[0]?.duration).toBe(150);
    expect(routes[0]?.distance).toBeGreaterThan(1200);
    expect(routes[0]?.distance).toBeLessThan(1240); // plus the legs from A and to B
    const line = decodePolyline(routes[0]?.polyline ?? '');
    expect(line[0]).toEqual([A.lat, A.lng]);
    expect(line).toHaveLength(5);
  });

  it('maps OSRM refusals to 422 and a failing server to 503', async () => {
    answer = { status: 400, body: JSON.stringify({ code: 'NoSegment', message: 'no segment' }) };
    const refused = await compute({});
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/NoSegment/);
    answer = { status: 502, body: 'Bad gateway' };
    const down = await compute({});
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
  });

  it('keeps the infrastructure profile on our own engine', async () => {
    const before = asked.length;
    const response = await compute({ profile: 'infrastructure', alternatives: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(asked.length).toBe(before);
  });
});
