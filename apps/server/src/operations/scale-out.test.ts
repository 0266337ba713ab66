import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementAck, MapElement, QrTag, QrTemplate } from '@integration/contracts';
import {
  call,
  heard,
  isAlive,
  missingForScaleOut,
  REDIS_URL,
  startScaleOut,
  until,
  watchCluster,
  type ScaleOut,
  type Watcher,
} from './scale-out.fixtures.ts';
import { freshDatabase } from '../test/fresh-database.ts';

/**
 * Scaling out (issue 28): scripts/scale-out.sh starts two instances behind nginx on one
 * PostgreSQL and one Redis. Users sign in and edit through the proxy; an edit made on one
 * instance is heard live on the other; with one instance killed, the other serves everything,
 * and nothing saved is lost (elements, versions, a scan photo in the shared data folder).
 */
const missing = await missingForScaleOut();
if (missing) console.log(`scale-out test skipped: ${missing}`);

const PROXY_PORT = 3310;
const proxy = `http://127.0.0.1:${PROXY_PORT}`;
const instance = (n: number) => `http://127.0.0.1:${PROXY_PORT + n}`;
const ADMIN = { email: 'operator@example.com', password: 'Horizon-2026 fibre ring!' };
/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

let work: string;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let run: ScaleOut | undefined;
let token = '';
const place = { projectId: 0, clusterId: 0 };
const watchers: Watcher[] = [];
/** Every pole saved, by id: the name and version it must read back with. */
const saved = new Map<number, { name: string; version: number }>();
const photo = { code: '', id: 0 };

const point = (i: number) => ({ lat: -1.2833 + i * 0.0002, lng: 36.8172 + i * 0.0002 });

async function createPole(base: string, i: number): Promise<ElementAck> {
  const answer = await call<{ data: ElementAck[] }>(
    base,
    'POST',
    '/api/networkelements/pole/create/multiple',
    token,
    { data: [{ clusterId: place.clusterId, name: `Pole ${i}`, coordinates: point(i) }] },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const ack = answer.body.data[0] as ElementAck;
  saved.set(ack.id, { name: ack.name, version: ack.version });
  return ack;
}

async function renamePole(base: string, id: number, name: string): Promise<ElementAck> {
  const version = saved.get(id)?.version;
  const answer = await call<{ data: ElementAck[] }>(
    base,
    'POST',
    '/api/networkelements/pole/edit/multiple',
    token,
    { data: [{ id, version, name }] },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const ack = answer.body.data[0] as ElementAck;
  saved.set(id, { name: ack.name, version: ack.version });
  return ack;
}

/** Creates a level of the organisation through the proxy; answers its id. */
async function create(url: string, body: object): Promise<number> {
  const answer = await call<{ data: { id: number } }>(proxy, 'POST', url, token, body);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data.id;
}

describe.skipIf(missing)(
  `two instances behind nginx on one PostgreSQL and one Redis${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    beforeAll(async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'integration-scale-out-test-'));
      // nginx started as root runs its workers as nobody, who must reach its temp folders.
      await chmod(work, 0o711);
      database = await freshDatabase('scale_out');
      run = await startScaleOut(
        {
          DATABASE_URL: database.url,
          REDIS_URL,
          JWT_SECRET: randomBytes(32).toString('base64url'),
          INSTANCES: '2',
          PORT: String(PROXY_PORT),
          PROXY_HOST: '127.0.0.1',
          RUN_DIR: path.join(work, 'run'),
          DATA_DIR: path.join(work, 'data'),
          SEED_DEMO: '0',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
        },
        150_000,
      );
    }, 180_000);

    afterAll(async () => {
      for (const watcher of watchers) watcher.socket.disconnect();
      await run?.stop();
      if (run && process.env.SCALE_OUT_DEBUG) console.log(run.output());
      await database?.drop();
      if (work) await rm(work, { recursive: true, force: true });
    }, 60_000);

    it('signs in through the proxy, which spreads requests over both instances', async () => {
      const login = await call<{ access_token: string }>(proxy, 'POST', '/api/auth/login', '', {
        email: ADMIN.email,
        password: ADMIN.password,
        platform: 'integration',
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      token = login.body.access_token;
      // nginx's request id reaches the instance, which answers with it.
      expect(login.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);

      for (let i = 0; i < 4; i++) {
        expect((await call(proxy, 'GET', '/api/health/ready')).status).toBe(200);
      }
      const log = await readFile(path.join(work, 'run/nginx/access.log'), 'utf8');
      expect(log).toContain(`upstream=127.0.0.1:${PROXY_PORT + 1}`);
      expect(log).toContain(`upstream=127.0.0.1:${PROXY_PORT + 2}`);
    });

    it('builds the organisation from nothing, down to a cluster', async () => {
      const subsidiaryId = await create('/api/country/camusat/create', { name: 'Scale Kenya' });
      const clientId = await create('/api/client/create', { subsidiaryId, name: 'Scale Telco' });
      const mainProjectId = await create('/api/mainproject/create', {
        clientId,
        name: 'Scale FTTH',
      });
      place.projectId = await create('/api/projects/create', { mainProjectId, name: 'Scale CBD' });
      const centralOfficeId = await create('/api/centraloffices/centraloffice/create', {
        projectId: place.projectId,
        name: 'Scale CO',
      });
      place.clusterId = await create('/api/clusters/cluster/create', {
        centralOfficeId,
        name: 'Scale-01',
      });
    });

    it('an edit saved through instance 1 is heard live by a socket on instance 2', async () => {
      const onTwo = await watchCluster(instance(2), token, place);
      watchers.push(onTwo);
      // Through the proxy, taking turns: some of these land on instance 1, to be cut off later.
      for (let i = 0; i < 4; i++) watchers.push(await watchCluster(proxy, token, place));

      const pole = await createPole(instance(1), 0);
      expect(await until(() => heard(onTwo, pole.id, 1))).toBe(true);
      const renamed = await renamePole(instance(1), pole.id, 'Pole renamed on instance 1');
      expect(renamed.version).toBe(2);
      expect(await until(() => heard(onTwo, pole.id, 2))).toBe(true);
      expect(onTwo.heard.at(-1)?.name).toBe('Pole renamed on instance 1');
      expect(await until(() => watchers.every((w) => heard(w, pole.id, 2)))).toBe(true);
      await createPole(instance(1), 1);

      // A scan photo, saved by instance 1 into the shared data folder.
      const template = await call<{ data: QrTemplate }>(
        instance(1),
        'POST',
        '/api/qrcode/templates/create',
        token,
        {
          name: 'Scale tags',
          noOfTags: 1,
          prefix: 'SCALE',
          networkElementTypeId: pole.networkElementId,
          clusterId: place.clusterId,
          templateId: pole.templateId,
        },
      );
      expect(template.status, JSON.stringify(template.body)).toBe(200);
      const tags = await call<{ data: QrTag[] }>(
        instance(1),
        'GET',
        `/api/qrcode/templates/${template.body.data.id}/tags`,
        token,
      );
      photo.code = tags.body.data[0]?.code ?? '';
      const upload = await call<{ data: { id: number } }>(
        instance(1),
        'POST',
        `/api/qrcode/tags/${photo.code}/photos`,
        token,
        PNG,
        'image/png',
      );
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      photo.id = upload.body.data.id;
    });

    it('with instance 1 killed, the proxy keeps every request working through instance 2', async () => {
      const pid = await (run as ScaleOut).instancePid(1);
      process.kill(pid, 'SIGKILL');
      expect(await until(() => !isAlive(pid))).toBe(true);

      // At once: every request answers, the ones nginx first sends to the dead instance too.
      const [first] = [...saved.keys()];
      for (let i = 2; i < 6; i++) await createPole(proxy, i);
      await renamePole(proxy, first as number, 'Pole renamed after the kill');
      for (let i = 0; i < 3; i++) {
        const read = await call(proxy, 'GET', `/api/clusters/cluster/${place.clusterId}`, token);
        expect(read.status).toBe(200);
      }

      // The sockets that were on instance 1 reconnect through the proxy and join their room again.
      expect(watchers.some((w) => w.disconnects > 0)).toBe(true);
      expect(await until(() => watchers.every((w) => w.socket.connected && w.placed))).toBe(true);
      const late = await createPole(proxy, 6);
      expect(await until(() => watchers.every((w) => heard(w, late.id, 1)))).toBe(true);
      // The socket on instance 2 never left, and heard every edit made after the kill.
      const onTwo = watchers[0] as Watcher;
      expect(onTwo.disconnects).toBe(0);
      for (const [id, { version }] of saved) expect(heard(onTwo, id, version)).toBe(true);
    });

    it('loses nothing: every edit from before and after the kill reads back through the proxy', async () => {
      const read = await call<{ data: MapElement[] }>(
        proxy,
        'GET',
        `/api/networkelements/pole/cluster/${place.clusterId}`,
        token,
      );
      expect(read.status).toBe(200);
      const found = new Map(
        read.body.data.map((e) => [e.id, { name: e.name, version: e.version }]),
      );
      expect(found).toEqual(saved);
      expect(saved.size).toBe(7);

      // Saved by instance 1, served by instance 2: the data folder is shared.
      const back = await fetch(`${proxy}/api/qrcode/tags/${photo.code}/photos/${photo.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(back.status).toBe(200);
      expect(Buffer.from(await back.arrayBuffer()).equals(PNG)).toBe(true);
    });
  },
);
