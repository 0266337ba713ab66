import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LiveLocation, RealtimeAck } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';
import {
  closeSockets,
  connect,
  listeningApp,
  pause,
  place,
  twoInstances,
  until,
  urlOf,
  type Listener,
} from './realtime.fixtures.ts';

/**
 * Issue 25, findings 6 and 8: a socket hears only what its user may read now. Removing a
 * user from a CO (or a cluster) takes their sockets out of the rooms they may no longer read,
 * on every instance; a refused presence:set leaves the rooms held; and live positions (name,
 * mobile, place of the crews) are for field users, planners and admins, never viewers.
 */

let t: TestApp;
let url: string;
let tokens: Awaited<ReturnType<typeof listeningApp>>['tokens'];
const ids = {
  nairobiCbd: 0,
  mombasa: 0,
  westlands: 0,
  cbd01: 0,
  wst01: 0,
  nairobiCentral: 0,
  planner: 0,
};

beforeAll(async () => {
  ({ t, url, tokens } = await listeningApp());
  ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
  ids.mombasa = await idByName(t.db, 'projects', 'Mombasa Island');
  ids.westlands = await idByName(t.db, 'projects', 'Westlands');
  ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
  ids.wst01 = await idByName(t.db, 'clusters', 'WST-01');
  ids.nairobiCentral = await idByName(t.db, 'central_offices', 'CO Nairobi Central');
  ids.planner = await idByName(t.db, 'users', 'Grace Wanjiku');
}, 300_000);
afterAll(() => t.close());
afterEach(async () => {
  closeSockets();
  await pause(150);
  // Put the planner back where the seed had them, for the next test.
  await t.db.rows(sql`
    INSERT INTO central_office_users (central_office_id, user_id)
    VALUES (${ids.nairobiCentral}, ${ids.planner}) ON CONFLICT DO NOTHING`);
});

const NAIROBI = { lat: -1.2833, lng: 36.8172, accuracy: 8 };

const share = (listener: Listener, projectId: number) =>
  listener.socket
    .timeout(5000)
    .emitWithAck('location:share', { projectId, ...NAIROBI }) as Promise<RealtimeAck>;

let poles = 0;
async function createPole(app: FastifyInstance = t.app) {
  poles += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/networkelements/pole/create',
    payload: {
      clusterId: ids.cbd01,
      coordinates: { lat: -1.2833 + poles * 1e-4, lng: 36.8172 },
    },
    headers: bearer(tokens.admin),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const removeFromNairobiCentral = async (app: FastifyInstance = t.app) => {
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/centraloffices/centraloffice/${ids.nairobiCentral}/removeUser/${ids.planner}`,
    headers: bearer(tokens.admin),
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** A planner in CBD-01 and an admin beside them, as controls that the events went out. */
async function plannerAndWitness(plannerUrl = url, witnessUrl = url) {
  const planner = await connect(plannerUrl, tokens.planner);
  const witness = await connect(witnessUrl, tokens.admin);
  expect(await place(planner, ids.nairobiCbd, ids.cbd01)).toBe(true);
  expect(await place(witness, ids.nairobiCbd, ids.cbd01)).toBe(true);
  return { planner, witness };
}

/** An edit in CBD-01 and a crew's position in Nairobi CBD: the witness hears both. */
async function somethingHappens(witness: Listener, field: Listener, app?: FastifyInstance) {
  const edits = witness.of('elements:changed').length;
  const moves = witness.of('location:changed').length;
  await createPole(app);
  expect((await share(field, ids.nairobiCbd)).status).toBe(true);
  expect(await until(() => witness.of('elements:changed').length > edits)).toBe(true);
  expect(await until(() => witness.of('location:changed').length > moves)).toBe(true);
  await pause(200);
}

describe('a user removed from a CO (finding 6)', () => {
  it('stops hearing the project at once: no elements:changed, no location:changed', async () => {
    const { planner, witness } = await plannerAndWitness();
    const field = await connect(url, tokens.field);
    await somethingHappens(witness, field);
    expect(planner.of('elements:changed')).toHaveLength(1);

    await removeFromNairobiCentral();
    const rest = await t.app.inject({
      url: `/api/locations/project/${ids.nairobiCbd}`,
      headers: bearer(tokens.planner),
    });
    expect(rest.statusCode).toBe(403);
    await pause(2100);
    await somethingHappens(witness, field);
    expect(planner.of('elements:changed')).toHaveLength(1);
    expect(planner.of('location:changed')).toHaveLength(1);
    // Their socket stays open for what they still may read (WST-01 of Westlands).
    expect(planner.socket.connected).toBe(true);
    expect(await place(planner, ids.westlands, ids.wst01)).toBe(true);
    expect(await place(planner, ids.nairobiCbd, ids.cbd01)).toBe(false);
  });

  it('stops hearing it on every instance sharing Redis', async () => {
    const [a, b] = await twoInstances(t);
    try {
      // The planner on instance A; the admin removes them through instance B.
      const { planner, witness } = await plannerAndWitness(urlOf(a), urlOf(b));
      const field = await connect(urlOf(b), tokens.field);
      await removeFromNairobiCentral(b);
      await pause(300);
      await somethingHappens(witness, field, b);
      expect(planner.of('elements:changed')).toEqual([]);
      expect(planner.of('location:changed')).toEqual([]);
    } finally {
      closeSockets();
      await a.close();
      await b.close();
    }
  });

  it('a refused presence:set leaves the rooms the socket held', async () => {
    const { planner, witness } = await plannerAndWitness();
    const field = await connect(url, tokens.field);
    // Nairobi CBD still readable, but the tab asks for a project it cannot read.
    expect(await place(planner, ids.mombasa, null)).toBe(false);
    await somethingHappens(witness, field);
    expect(planner.of('elements:changed')).toEqual([]);
    expect(planner.of('location:changed')).toEqual([]);
  });
});

describe('live positions are not for viewers (finding 8)', () => {
  it('a viewer hears no location:changed in their own project, lists none and shares none', async () => {
    const viewer = await connect(url, tokens.viewer);
    const admin = await connect(url, tokens.admin);
    const sharer = await connect(url, tokens.admin);
    expect(await place(viewer, ids.mombasa, null)).toBe(true);
    expect(await place(admin, ids.mombasa, null)).toBe(true);

    expect((await share(sharer, ids.mombasa)).status).toBe(true);
    expect(await until(() => admin.of<LiveLocation>('location:changed').length === 1)).toBe(true);
    await pause(200);
    expect(viewer.of('location:changed')).toEqual([]);

    const listed = await t.app.inject({
      url: `/api/locations/project/${ids.mombasa}`,
      headers: bearer(tokens.viewer),
    });
    expect(listed.statusCode).toBe(403);
    expect(await share(viewer, ids.mombasa)).toEqual({ status: false, error: 'forbidden' });

    sharer.socket.disconnect();
    expect(await until(() => admin.of('location:removed').length === 1)).toBe(true);
    await pause(200);
    expect(viewer.of('location:removed')).toEqual([]);
  });
});
