import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ElementAck, ElementsChangedPayload, MapElement } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';
import {
  closeSockets,
  listeningApp,
  twoInstances,
  connect,
  pause,
  place,
  until,
  urlOf,
  type Listener,
} from './realtime.fixtures.ts';

/**
 * Live edits (issue 19): every committed change to elements reaches the sockets that have its
 * cluster open and may read it, and nobody else.
 */

let t: TestApp;
let url: string;
let tokens: Awaited<ReturnType<typeof listeningApp>>['tokens'];
const ids = { nairobiCbd: 0, cbd01: 0, cbd02: 0, planner: 0 };

beforeAll(async () => {
  ({ t, url, tokens } = await listeningApp());
  ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
  ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
  ids.cbd02 = await idByName(t.db, 'clusters', 'CBD-02');
  ids.planner = await idByName(t.db, 'users', 'Grace Wanjiku');
});
afterAll(() => t.close());
afterEach(closeSockets);

const post = (path: string, payload: object, token = tokens.planner, app = t.app) =>
  app.inject({ method: 'POST', url: `/api${path}`, payload, headers: bearer(token) });

const point = (i: number) => ({ lat: -1.2833 + i * 0.0001, lng: 36.8172 + i * 0.0001 });

/** Sockets in CBD-01 (the field user), in CBD-02 (an admin), and one refused CBD-01 (a viewer). */
async function audience(at = url) {
  const inCluster = await connect(at, tokens.field);
  const otherCluster = await connect(at, tokens.admin);
  const stranger = await connect(at, tokens.viewer);
  expect(await place(inCluster, ids.nairobiCbd, ids.cbd01)).toBe(true);
  expect(await place(otherCluster, ids.nairobiCbd, ids.cbd02)).toBe(true);
  expect(await place(stranger, ids.nairobiCbd, ids.cbd01)).toBe(false);
  return { inCluster, otherCluster, stranger };
}

const changes = (listener: Listener) => listener.of<ElementsChangedPayload>('elements:changed');

async function heardOnlyBy(
  { inCluster, otherCluster, stranger }: Awaited<ReturnType<typeof audience>>,
  count = 1,
) {
  expect(await until(() => changes(inCluster).length >= count)).toBe(true);
  await pause(200);
  expect(changes(otherCluster)).toEqual([]);
  expect(changes(stranger)).toEqual([]);
  return changes(inCluster);
}

async function createPoles(count: number, query = '', app = t.app): Promise<ElementAck[]> {
  const response = await post(
    `/networkelements/pole/create/multiple${query}`,
    {
      data: Array.from({ length: count }, (_, i) => ({
        clusterId: ids.cbd01,
        coordinates: point(i),
      })),
    },
    tokens.planner,
    app,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ElementAck[] }>().data;
}

describe('elements:changed', () => {
  it('sends a create, whole, to the cluster room only', async () => {
    const people = await audience();
    const [ack] = await createPoles(1);
    const [event] = await heardOnlyBy(people);
    expect(event).toMatchObject({
      projectId: ids.nairobiCbd,
      clusterId: ids.cbd01,
      by: { id: ids.planner, name: 'Grace Wanjiku' },
      cause: 'create',
      changed: [],
      deleted: [],
    });
    expect(Date.parse(event?.at ?? '')).not.toBeNaN();
    const element = event?.elements[0] as MapElement;
    expect(element).toMatchObject({ id: ack?.id, version: 1, clusterId: ids.cbd01 });
    // The shape the API answers (SPEC §3).
    expect(element.attributes.length).toBeGreaterThan(0);
    expect(element.networkElement.type).toBe('Pole');
  });

  it('sends updates with the new version, deletes by id and version, restores whole', async () => {
    const [ack] = await createPoles(1);
    const id = ack?.id ?? 0;
    const people = await audience();
    const updated = await post('/networkelements/pole/edit/multiple', {
      data: [{ id, version: 1, name: 'Live pole' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [update] = await heardOnlyBy(people);
    expect(update).toMatchObject({ cause: 'update', changed: [], deleted: [] });
    expect(update?.elements[0]).toMatchObject({ id, version: 2, name: 'Live pole' });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/networkelements/pole/${id}`,
      headers: bearer(tokens.planner),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [, removal] = await heardOnlyBy(people, 2);
    expect(removal).toMatchObject({ cause: 'delete', elements: [], deleted: [{ id, version: 3 }] });

    const restored = await post(`/networkelements/pole/${id}/restore`, {}, tokens.admin);
    expect(restored.statusCode, restored.body).toBe(200);
    const [, , restore] = await heardOnlyBy(people, 3);
    expect(restore).toMatchObject({ cause: 'restore', by: { name: 'Administrator' } });
    expect(restore?.elements[0]).toMatchObject({ id, version: 4 });
  });

  it('names imports and applied routes by the cause the client gives', async () => {
    const people = await audience();
    const [ack] = await createPoles(2, '?cause=import');
    const [imported] = await heardOnlyBy(people);
    expect(imported).toMatchObject({ cause: 'import' });
    expect(imported?.elements.map((e) => e.id)).toContain(ack?.id);

    const routed = await post('/networkelements/pole/edit/multiple?cause=route', {
      data: [{ id: ack?.id, name: 'Routed' }],
    });
    expect(routed.statusCode, routed.body).toBe(200);
    const [, route] = await heardOnlyBy(people, 2);
    expect(route).toMatchObject({ cause: 'route' });
    const refused = await post('/networkelements/pole/edit/multiple?cause=anything', {
      data: [{ id: ack?.id, name: 'Routed' }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends a change of more than 500 elements by id and version, in one event', async () => {
    const people = await audience();
    const acks = await createPoles(501);
    const [event] = await heardOnlyBy(people);
    expect(event?.elements).toEqual([]);
    expect(event?.changed).toHaveLength(501);
    expect(event?.changed[0]).toEqual({ id: acks[0]?.id, version: 1 });
  });

  it('publishes nothing for a write that fails', async () => {
    const people = await audience();
    const stale = await post('/networkelements/pole/edit/multiple', {
      data: [{ id: 999_999, name: 'Nobody' }],
    });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    await pause(300);
    expect(changes(people.inCluster)).toEqual([]);
  });

  it('stops sending a cluster once the socket moves to another', async () => {
    const watcher = await connect(url, tokens.field);
    expect(await place(watcher, ids.nairobiCbd, ids.cbd01)).toBe(true);
    expect(await place(watcher, ids.nairobiCbd, ids.cbd02)).toBe(true);
    await createPoles(1);
    await pause(300);
    expect(changes(watcher)).toEqual([]);
  });
});

describe('live edits across two instances sharing Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await twoInstances(t);
  });
  afterAll(async () => {
    closeSockets();
    await a.close();
    await b.close();
  });

  it('a change saved through instance A reaches a socket on instance B, and only there', async () => {
    const people = await audience(urlOf(b));
    const [ack] = await createPoles(1, '', a);
    const [event] = await heardOnlyBy(people);
    expect(event?.elements[0]).toMatchObject({ id: ack?.id, version: 1 });
  });
});
