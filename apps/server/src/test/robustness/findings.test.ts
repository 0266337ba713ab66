import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  corruptZip,
  sizeLyingZip,
  unclosedCoordinatesKml,
} from '../../modules/file-format/hostile-archives.ts';
import { multipart, zipOf } from '../../modules/file-format/test-uploads.ts';
import { bearer, createTestApp, type TestApp } from '../test-app.ts';

/**
 * The robustness suite of issue 14: each finding's input, sent as the attacker or the careless
 * user did, must answer a 4xx with a message, leave every table as it was, and leave the server
 * answering its health check within a second. Each module's own tests hold the details.
 */

const MB = 1024 * 1024;
let t: TestApp;
let admin: string;
let viewer: string;
let cbd01: number;
let deadPole: number;

beforeAll(async () => {
  // A small upload limit, so that the bombs need no large files.
  t = await createTestApp({ importMaxBytes: 2 * MB });
  [admin, viewer] = await Promise.all([
    t.login('admin@example.com', 'admin1234'),
    t.login('viewer@example.com', 'viewer1234'),
  ]);
  cbd01 = (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))
    ?.id as number;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/networkelements/pole/create',
    headers: bearer(admin),
    payload: { clusterId: cbd01, coordinates: { lat: -1.28, lng: 36.82 } },
  });
  deadPole = made.json<{ data: { id: number } }>().data.id;
  await t.app.inject({
    method: 'DELETE',
    url: `/api/networkelements/pole/${deadPole}`,
    headers: bearer(admin),
  });
}, 120_000);
afterAll(() => t.close());

/** Rows of every table a write could touch, to prove nothing was half-written. */
const footprint = async () =>
  t.db.one<Record<string, number>>(sql`
    SELECT (SELECT count(*) FROM network_elements)::int AS elements,
           (SELECT count(*) FROM element_history)::int AS history,
           (SELECT count(*) FROM clusters)::int AS clusters,
           (SELECT count(*) FROM central_offices)::int AS offices,
           (SELECT count(*) FROM users)::int AS users,
           (SELECT max(token_version) FROM users)::int AS versions`);

const upload = async (files: { name: string; data: Buffer }[]) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-format/import',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(viewer) },
  });
};
const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** One more nesting level of an array per step, as the 100,000-deep GeoJSON was. */
const nested = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

const findings: [string, () => Promise<LightMyRequestResponse>, number][] = [
  [
    '1: a zip entry that inflates past its declared size',
    async () => upload([{ name: 'a.zip', data: await sizeLyingZip('a.geojson', 20_000) }]),
    400,
  ],
  [
    '1: a KMZ whose deflate data is damaged',
    async () =>
      upload([{ name: 'a.kmz', data: await corruptZip('doc.kml', Buffer.alloc(4_000, 32)) }]),
    400,
  ],
  [
    '2: a KMZ of 160,000 unclosed <coordinates> tags',
    async () =>
      upload([
        {
          name: 'a.kmz',
          data: await zipOf([
            { name: 'doc.kml', data: Buffer.from(unclosedCoordinatesKml(160_000)) },
          ]),
        },
      ]),
    422,
  ],
  [
    '3: six zip bombs in one request',
    async () => {
      const bomb = await zipOf([{ name: 'zeros.shp', data: Buffer.alloc(1.9 * MB) }]);
      return upload(Array.from({ length: 6 }, (_, i) => ({ name: `b${i}.zip`, data: bomb })));
    },
    413,
  ],
  [
    '3: an archive with no GIS layer',
    async () =>
      upload([{ name: 'a.zip', data: await zipOf([{ name: 'x.txt', data: Buffer.alloc(MB) }]) }]),
    422,
  ],
  [
    '4: edit/multiple of a deleted element, by a viewer',
    () =>
      post('/networkelements/pole/edit/multiple', { data: [{ id: deadPole, name: 'x' }] }, viewer),
    403,
  ],
  [
    '4: edit/multiple of a deleted element, by an admin: named, nothing written',
    () => post('/networkelements/pole/edit/multiple', { data: [{ id: deadPole, name: 'x' }] }),
    400,
  ],
  [
    '5: a NUL character in a central office name',
    () => post('/centraloffices/centraloffice/create', { projectId: 1, name: 'CO\u0000' }),
    400,
  ],
  [
    '5: a lone surrogate in an element name',
    () =>
      post('/networkelements/pole/create', {
        clusterId: cbd01,
        coordinates: { lat: 0, lng: 0 },
        name: '\ud800',
      }),
    400,
  ],
  [
    '6: a KMZ holding a KML larger than a file sent alone',
    async () =>
      upload([
        { name: 'a.kmz', data: await zipOf([{ name: 'doc.kml', data: Buffer.alloc(3 * MB, 32) }]) },
      ]),
    413,
  ],
  [
    '10: geoJSONToSHP with coordinates nested 100,000 deep',
    () =>
      post(
        '/file-format/geoJSONToSHP',
        `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":${nested(100_000)}}}]}`,
      ),
    400,
  ],
  [
    '13: a validly signed token whose sub is not a user id',
    () =>
      t.app.inject({
        url: '/api/users/profile',
        headers: bearer(t.app.jwt.sign({ sub: 'admin' })),
      }),
    401,
  ],
  [
    '14: a cluster id sent as " 1 "',
    () => post('/clusters/cluster/create', { centralOfficeId: ' 1 ', name: 'X-01' }),
    400,
  ],
  [
    '14: a path id past PostgreSQL’s integer',
    () => t.app.inject({ url: '/api/users/2147483648', headers: bearer(admin) }),
    400,
  ],
  [
    '15: a viewer listing every user’s email and mobile',
    () => t.app.inject({ url: '/api/users/integration', headers: bearer(viewer) }),
    403,
  ],
  [
    '16: a new password with a bearer token alone',
    () => post('/auth/setpassword', { password: 'taken-over-1' }, viewer),
    400,
  ],
  [
    '19: a CSV with no geometry, outside a shapefile',
    () => upload([{ name: 'networks.csv', data: Buffer.from('id,name\n1,a\n') }]),
    422,
  ],
];

it.each(findings)('%s: refused, nothing written, still answering', async (_, send, status) => {
  const before = await footprint();
  const answer = await send();
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(status);
  const message = answer.json<{ message?: unknown }>().message;
  expect(typeof message).toBe('string');
  expect(message).not.toMatch(/no layers founds|Internal|stack|at .*\.ts/);
  expect(await footprint()).toEqual(before);
  const started = performance.now();
  expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);
});

it('17: wrong passwords slow the next attempt down with Retry-After, never a hard lock', async () => {
  const attempt = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.77.0.1',
      payload: { email: 'field@example.com', password, platform: 'integration' },
    });
  for (let i = 0; i < 3; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
  const waiting = await attempt('field1234');
  expect(waiting.statusCode).toBe(429);
  expect(waiting.headers['retry-after']).toBe('1');
  await new Promise((r) => setTimeout(r, 1_100));
  expect((await attempt('field1234')).statusCode).toBe(200);
});
