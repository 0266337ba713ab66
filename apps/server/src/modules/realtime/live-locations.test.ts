import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveLocation, LocationRemovedPayload, RealtimeAck } from '@integration/contracts';
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
 * Live location (issue 19) at the socket level: who may share, who hears it, the rate limit,
 * malformed events, stopping and leaving; and GET /locations/project/{projectId}.
 */

let t: TestApp;
let url: string;
let tokens: Awaited<ReturnType<typeof listeningApp>>['tokens'];
const ids = { nairobiCbd: 0, mombasa: 0, cbd01: 0, field: 0, viewer: 0 };

beforeAll(async () => {
  ({ t, url, tokens } = await listeningApp());
  ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
  ids.mombasa = await idByName(t.db, 'projects', 'Mombasa Island');
  ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
  ids.field = await idByName(t.db, 'users', 'Brian Otieno');
});
afterAll(() => t.close());
afterEach(async () => {
  closeSockets();
  // Positions of the sockets just closed are removed as they leave.
  await pause(150);
});

const NAIROBI = { lat: -1.2833, lng: 36.8172, accuracy: 8 };

const share = (listener: Listener, payload: unknown) =>
  listener.socket.timeout(5000).emitWithAck('location:share', payload) as Promise<RealtimeAck>;
const stop = (listener: Listener) =>
  listener.socket.timeout(5000).emitWithAck('location:stop', {}) as Promise<RealtimeAck>;

const locationsOf = async (projectId: number, token = tokens.planner, app = t.app) => {
  const response = await app.inject({
    url: `/api/locations/project/${projectId}`,
    headers: bearer(token),
  });
  return { status: response.statusCode, data: response.json<{ data: LiveLocation[] }>().data };
};

describe('location:share', () => {
  it('shows the field user to the project, with name and mobile, and never to another project', async () => {
    const planner = await connect(url, tokens.planner);
    const viewer = await connect(url, tokens.viewer);
    const field = await connect(url, tokens.field);
    expect(await place(planner, ids.nairobiCbd, null)).toBe(true);
    expect(await place(viewer, ids.mombasa, null)).toBe(true);

    // A userId in the payload is ignored: the position is the socket's own user's.
    expect(await share(field, { projectId: ids.nairobiCbd, ...NAIROBI, userId: 1 })).toEqual({
      status: true,
    });
    expect(await until(() => planner.of('location:changed').length === 1)).toBe(true);
    const expected = {
      userId: ids.field,
      name: 'Brian Otieno',
      mobile: '+254 712 000 202',
      projectId: ids.nairobiCbd,
      lat: NAIROBI.lat,
      lng: NAIROBI.lng,
      accuracy: 8,
    };
    expect(planner.of<LiveLocation>('location:changed')[0]).toMatchObject(expected);
    const listed = await locationsOf(ids.nairobiCbd);
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([expect.objectContaining(expected)]);
    expect(Date.parse(listed.data[0]?.updatedAt ?? '')).not.toBeNaN();

    await pause(200);
    expect(viewer.of('location:changed')).toEqual([]);
    // A viewer of Mombasa Island cannot place themselves in Nairobi CBD nor list it.
    expect(await place(viewer, ids.nairobiCbd, null)).toBe(false);
    expect((await locationsOf(ids.nairobiCbd, tokens.viewer)).status).toBe(403);
    // Nor any project's: live positions are for field users, planners and admins (issue 25).
    expect((await locationsOf(ids.mombasa, tokens.viewer)).status).toBe(403);

    expect(await stop(field)).toEqual({ status: true });
    expect(await until(() => planner.of('location:removed').length === 1)).toBe(true);
    expect(planner.of<LocationRemovedPayload>('location:removed')[0]).toEqual({
      projectId: ids.nairobiCbd,
      userId: ids.field,
    });
    expect((await locationsOf(ids.nairobiCbd)).data).toEqual([]);
    expect(viewer.of('location:removed')).toEqual([]);
  });

  it('refuses a project the user cannot read', async () => {
    const viewer = await connect(url, tokens.viewer);
    const planner = await connect(url, tokens.planner);
    expect(await place(planner, ids.nairobiCbd, null)).toBe(true);
    expect(await share(viewer, { projectId: ids.nairobiCbd, ...NAIROBI })).toEqual({
      status: false,
      error: 'forbidden',
    });
    await pause(200);
    expect(planner.of('location:changed')).toEqual([]);
    expect((await locationsOf(ids.nairobiCbd)).data).toEqual([]);
  });

  it('answers malformed events with invalid, and the socket and server carry on', async () => {
    const field = await connect(url, tokens.field);
    const bad: unknown[] = [
      null,
      'here',
      42,
      [],
      {},
      { projectId: 'x', lat: 0, lng: 0, accuracy: null },
      { projectId: ids.nairobiCbd, lat: 91, lng: 0, accuracy: null },
      { projectId: ids.nairobiCbd, lat: 0, lng: Number.NaN, accuracy: null },
      { projectId: ids.nairobiCbd, lat: 0, lng: 0, accuracy: -1 },
      { projectId: -1, lat: 0, lng: 0, accuracy: null },
    ];
    for (const payload of bad) {
      expect(await share(field, payload)).toEqual({ status: false, error: 'invalid' });
    }
    // Without an ack, and with odd arguments: nothing breaks.
    field.socket.emit('location:share', { projectId: 'x' });
    field.socket.emit('location:stop');
    field.socket.emit('presence:set', 'nowhere');
    await pause(100);
    expect(field.socket.connected).toBe(true);
    expect(await share(field, { projectId: ids.nairobiCbd, ...NAIROBI })).toEqual({ status: true });
    expect((await locationsOf(ids.nairobiCbd)).status).toBe(200);
  });

  it('drops a flood of updates faster than one each two seconds', async () => {
    const planner = await connect(url, tokens.planner);
    const field = await connect(url, tokens.field);
    expect(await place(planner, ids.nairobiCbd, null)).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        share(field, { projectId: ids.nairobiCbd, ...NAIROBI, lat: NAIROBI.lat + i * 1e-5 }),
      ),
    );
    expect(answers.filter((a) => a.status)).toHaveLength(1);
    expect(answers.filter((a) => a.error === 'tooFast')).toHaveLength(49);
    await pause(300);
    expect(planner.of('location:changed')).toHaveLength(1);
    expect(field.socket.connected).toBe(true);
  });

  it("removes the position when the user's last sharing socket leaves", async () => {
    const planner = await connect(url, tokens.planner);
    expect(await place(planner, ids.nairobiCbd, null)).toBe(true);
    const phone = await connect(url, tokens.field);
    const tab = await connect(url, tokens.field);
    expect((await share(phone, { projectId: ids.nairobiCbd, ...NAIROBI })).status).toBe(true);
    expect((await share(tab, { projectId: ids.nairobiCbd, ...NAIROBI })).status).toBe(true);

    phone.socket.disconnect();
    await pause(300);
    expect(planner.of('location:removed')).toEqual([]);
    expect((await locationsOf(ids.nairobiCbd)).data).toHaveLength(1);

    tab.socket.disconnect();
    expect(await until(() => planner.of('location:removed').length === 1)).toBe(true);
    expect((await locationsOf(ids.nairobiCbd)).data).toEqual([]);
  });
});

describe('GET /locations/project/{projectId}', () => {
  it('answers readers of the project only', async () => {
    const signedOut = await t.app.inject({ url: `/api/locations/project/${ids.nairobiCbd}` });
    expect(signedOut.statusCode).toBe(401);
    expect((await locationsOf(ids.nairobiCbd, tokens.viewer)).status).toBe(403);
    expect((await locationsOf(ids.nairobiCbd, tokens.field)).status).toBe(200);
    expect((await locationsOf(ids.nairobiCbd, tokens.admin)).status).toBe(200);
    expect((await locationsOf(999_999, tokens.admin)).status).toBe(404);
    expect((await locationsOf(999_999, tokens.viewer)).status).toBe(403);
    const bad = await t.app.inject({
      url: '/api/locations/project/abc',
      headers: bearer(tokens.admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('live location across two instances sharing Redis', () => {
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

  it('a position shared on instance A is heard and listed on instance B, until it stops', async () => {
    const planner = await connect(urlOf(b), tokens.planner);
    expect(await place(planner, ids.nairobiCbd, null)).toBe(true);
    const field = await connect(urlOf(a), tokens.field);
    expect((await share(field, { projectId: ids.nairobiCbd, ...NAIROBI })).status).toBe(true);
    expect(await until(() => planner.of('location:changed').length === 1)).toBe(true);
    const listed = await locationsOf(ids.nairobiCbd, tokens.planner, b);
    expect(listed.data.map((l) => l.userId)).toEqual([ids.field]);

    field.socket.disconnect();
    expect(await until(() => planner.of('location:removed').length === 1)).toBe(true);
    expect((await locationsOf(ids.nairobiCbd, tokens.planner, b)).data).toEqual([]);
  });
});
