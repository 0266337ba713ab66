import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import type { Cluster, OnlineUser, Project } from '@integration/contracts';
import { buildApp } from '../../app.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

let t: TestApp;
let baseUrl: string;
let admin: string;
let planner: string;
let field: string;
const ids = {
  nairobiCbd: 0,
  westlands: 0,
  mombasaIsland: 0,
  cbd01: 0,
  cbd02: 0,
  wst01: 0,
  planner: 0,
  field: 0,
};
let GRACE: OnlineUser;

const idOf = (table: string, name: string) => idByName(t.db, table, name);

const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = urlOf(t.app);
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
  field = await t.login('field@example.com', 'field1234');
  ids.nairobiCbd = await idOf('projects', 'Nairobi CBD');
  ids.westlands = await idOf('projects', 'Westlands');
  ids.mombasaIsland = await idOf('projects', 'Mombasa Island');
  ids.cbd01 = await idOf('clusters', 'CBD-01');
  ids.cbd02 = await idOf('clusters', 'CBD-02');
  ids.wst01 = await idOf('clusters', 'WST-01');
  ids.planner = await idOf('users', 'Grace Wanjiku');
  ids.field = await idOf('users', 'Brian Otieno');
  GRACE = { id: ids.planner, name: 'Grace Wanjiku' };
});
afterAll(() => t.close());

// Every socket a test opens, closed after it so presence does not leak into the next test.
const open: Socket[] = [];
afterEach(async () => {
  const closing = open.splice(0);
  for (const socket of closing) socket.disconnect();
  if (closing.length) {
    const left = await eventually(
      async () => [...(await projectsOnline()).values()].flat(),
      (users) => users.length === 0,
    );
    expect(left, 'everyone left after the test').toEqual([]);
  }
});

function socketTo(url: string, token: string | undefined): Socket {
  const socket = io(url, {
    path: '/api/ws',
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

function connect(token: string, url = baseUrl): Promise<Socket> {
  const socket = socketTo(url, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function refused(token: string | undefined): Promise<Error> {
  const socket = socketTo(baseUrl, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket was accepted')));
    socket.once('connect_error', resolve);
  });
}

const setPresence = (socket: Socket, projectId: number | null, clusterId: number | null) =>
  socket.timeout(5000).emitWithAck('presence:set', { projectId, clusterId }) as Promise<{
    status: boolean;
  }>;

async function projectsOnline(app: FastifyInstance = t.app): Promise<Map<number, OnlineUser[]>> {
  const response = await app.inject({
    url: '/api/projects/platforms?platformName=integration',
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  const data = response.json<{ data: Project[] }>().data;
  return new Map(data.map((p) => [p.id, p.usersOnline]));
}

async function clustersOnline(
  projectId: number,
  app: FastifyInstance = t.app,
): Promise<Map<number, OnlineUser[]>> {
  const response = await app.inject({ url: `/api/clusters/${projectId}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  const data = response.json<{ data: Cluster[] }>().data;
  return new Map(data.map((c) => [c.id, c.usersOnline]));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The next 'presence:changed' the socket receives. Waits first for announcements already
 * under way (the server groups them for 250 ms), so an earlier one is not taken for it.
 */
async function nextChange(socket: Socket): Promise<() => Promise<boolean>> {
  await pause(400);
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 3000);
    socket.once('presence:changed', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  return () => arrived;
}

/** Reads until `done` holds or the time is up; answers the last reading either way. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000) {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await pause(100);
    value = await read();
  }
  return value;
}

describe('presence over Socket.IO at /api/ws', () => {
  it('refuses a connection without a valid token', async () => {
    expect((await refused('not-a-token')).message).toBe('UNAUTHORIZED');
    expect((await refused(undefined)).message).toBe('UNAUTHORIZED');
    const forged = `${planner.slice(0, -4)}AAAA`;
    expect((await refused(forged)).message).toBe('UNAUTHORIZED');
  });

  it('refuses to place a user in a project they cannot see, or in a cluster of another project', async () => {
    const socket = await connect(planner);
    expect(await setPresence(socket, ids.mombasaIsland, null)).toEqual({ status: false });
    expect(await setPresence(socket, 999999, null)).toEqual({ status: false });
    expect(await setPresence(socket, ids.westlands, ids.cbd01)).toEqual({ status: false });
    expect((await projectsOnline()).get(ids.mombasaIsland)).toEqual([]);
    expect((await projectsOnline()).get(ids.westlands)).toEqual([]);
  });

  it('lists the planner online in Nairobi CBD and CBD-01 once they say so', async () => {
    const watcher = await connect(admin);
    const socket = await connect(planner);
    const changed = await nextChange(watcher);
    expect(await setPresence(socket, ids.nairobiCbd, ids.cbd01)).toEqual({ status: true });

    const projects = await projectsOnline();
    expect(projects.get(ids.nairobiCbd)).toEqual([GRACE]);
    expect(projects.get(ids.westlands)).toEqual([]);
    const clusters = await clustersOnline(ids.nairobiCbd);
    expect(clusters.get(ids.cbd01)).toEqual([GRACE]);
    expect(clusters.get(ids.cbd02)).toEqual([]);
    const one = await t.app.inject({
      url: `/api/projects/${ids.nairobiCbd}`,
      headers: bearer(planner),
    });
    expect(one.json<{ data: Project }>().data.usersOnline).toEqual([GRACE]);
    const cluster = await t.app.inject({
      url: `/api/clusters/cluster/${ids.cbd01}`,
      headers: bearer(planner),
    });
    expect(cluster.json<{ data: Cluster }>().data.usersOnline).toEqual([GRACE]);

    // Everyone connected is told to refresh.
    expect(await changed(), 'presence:changed reached another user').toBe(true);
  });

  it('counts two tabs of one user once, and lists different users side by side', async () => {
    const first = await connect(planner);
    const second = await connect(planner);
    const other = await connect(field);
    expect(await setPresence(first, ids.nairobiCbd, ids.cbd01)).toEqual({ status: true });
    expect(await setPresence(second, ids.nairobiCbd, ids.cbd01)).toEqual({ status: true });
    expect(await setPresence(other, ids.nairobiCbd, ids.cbd01)).toEqual({ status: true });

    const online = (await projectsOnline()).get(ids.nairobiCbd) ?? [];
    expect(online.filter((u) => u.id === ids.planner)).toHaveLength(1);
    expect(online.map((u) => u.name).sort()).toEqual(['Brian Otieno', 'Grace Wanjiku']);
    expect((await clustersOnline(ids.nairobiCbd)).get(ids.cbd01)).toHaveLength(2);

    // Closing one tab keeps the user online through the other.
    first.disconnect();
    await pause(500);
    const after = (await clustersOnline(ids.nairobiCbd)).get(ids.cbd01) ?? [];
    expect(after.map((u) => u.name).sort()).toEqual(['Brian Otieno', 'Grace Wanjiku']);
  });

  it('moves the user when they open another project, and drops the cluster with null', async () => {
    const socket = await connect(planner);
    await setPresence(socket, ids.nairobiCbd, ids.cbd01);
    expect(await setPresence(socket, ids.westlands, ids.wst01)).toEqual({ status: true });
    const projects = await projectsOnline();
    expect(projects.get(ids.nairobiCbd)).toEqual([]);
    expect(projects.get(ids.westlands)).toEqual([GRACE]);
    expect((await clustersOnline(ids.westlands)).get(ids.wst01)).toEqual([GRACE]);

    expect(await setPresence(socket, ids.westlands, null)).toEqual({ status: true });
    expect((await projectsOnline()).get(ids.westlands)).toEqual([GRACE]);
    expect((await clustersOnline(ids.westlands)).get(ids.wst01)).toEqual([]);
  });

  it('drops a user who disconnects within a few seconds', async () => {
    const first = await connect(planner);
    const second = await connect(planner);
    await setPresence(first, ids.nairobiCbd, ids.cbd02);
    await setPresence(second, ids.nairobiCbd, ids.cbd02);
    expect((await projectsOnline()).get(ids.nairobiCbd)).toEqual([GRACE]);

    first.disconnect();
    second.disconnect();
    const project = await eventually(
      async () => (await projectsOnline()).get(ids.nairobiCbd),
      (users) => users?.length === 0,
    );
    expect(project).toEqual([]);
    expect((await clustersOnline(ids.nairobiCbd)).get(ids.cbd02)).toEqual([]);
  });
});

describe('presence across two instances sharing Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // Two servers on the same database, as behind a load balancer.
    a = await buildApp({ config: { ...t.config, redisUrl: REDIS_URL }, db: t.db, logger: false });
    b = await buildApp({ config: { ...t.config, redisUrl: REDIS_URL }, db: t.db, logger: false });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.disconnect();
    await a.close();
    await b.close();
  });

  it('listens only once its Redis subscriptions are live, so no instance misses another', async () => {
    const probe = new Redis(REDIS_URL);
    try {
      const [, subscribed] = (await probe.call(
        'PUBSUB',
        'NUMSUB',
        'integration-presence-request#/#',
      )) as [string, number];
      expect(subscribed).toBeGreaterThanOrEqual(2);
    } finally {
      await probe.quit();
    }
  });

  it('shows on instance B a user connected to instance A, until they leave', async () => {
    const socket = await connect(planner, urlOf(a));
    expect(await setPresence(socket, ids.nairobiCbd, ids.cbd02)).toEqual({ status: true });

    const throughB = await projectsOnline(b);
    expect(throughB.get(ids.nairobiCbd)).toEqual([GRACE]);
    expect((await clustersOnline(ids.nairobiCbd, b)).get(ids.cbd02)).toEqual([GRACE]);

    // A tab on each instance still counts the user once.
    const onB = await connect(planner, urlOf(b));
    expect(await setPresence(onB, ids.nairobiCbd, ids.cbd02)).toEqual({ status: true });
    expect((await projectsOnline(a)).get(ids.nairobiCbd)).toEqual([GRACE]);

    socket.disconnect();
    onB.disconnect();
    const left = await eventually(
      async () => (await projectsOnline(b)).get(ids.nairobiCbd),
      (users) => users?.length === 0,
    );
    expect(left).toEqual([]);
  });

  it('tells clients of instance B to refresh when someone arrives on instance A', async () => {
    const watcher = await connect(admin, urlOf(b));
    const socket = await connect(field, urlOf(a));
    const changed = await nextChange(watcher);
    expect(await setPresence(socket, ids.nairobiCbd, ids.cbd01)).toEqual({ status: true });
    expect(await changed(), 'presence:changed reached instance B').toBe(true);
    expect((await clustersOnline(ids.nairobiCbd, b)).get(ids.cbd01)).toEqual([
      { id: ids.field, name: 'Brian Otieno' },
    ]);
  });
});

describe('presence when Redis cannot be reached', () => {
  it('starts with presence local to the instance, answers lists, and closes at once', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const alone = await buildApp({
      config: { ...t.config, redisUrl: 'redis://127.0.0.1:1' },
      db: t.db,
      logger: false,
    });
    await alone.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socket = await connect(planner, urlOf(alone));
      expect(await setPresence(socket, ids.nairobiCbd, ids.cbd02)).toEqual({ status: true });
      expect((await projectsOnline(alone)).get(ids.nairobiCbd)).toEqual([GRACE]);
    } finally {
      const started = Date.now();
      await alone.close();
      expect(Date.now() - started).toBeLessThan(2000);
    }
  }, 30_000);
});
