import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { isMigrating, migrate } from '../../db/migrate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readinessProbe } from './readiness.ts';

/** Nothing listens on port 1: a Redis that is down. */
const REDIS_DOWN = 'redis://127.0.0.1:1';
/** The machine's Redis (the presence tests use it too). */
const REDIS_UP = 'redis://127.0.0.1:6379';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const response = await t.app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      data: { database: 'up', redis: 'not configured', migrations: 'done', migrating: false },
    });
  });

  it('answers 503 while this process migrates, naming it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The start-up lock held elsewhere: this migration run waits for it.
    const running = migrate({ ...t.db, withStartupLock: (fn) => gate.then(fn) });
    await expect.poll(isMigrating).toBe(true);
    const during = await t.app.inject({ url: '/api/health/ready', headers: { 'x-locale': 'fr' } });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({
      status: false,
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: "Ce serveur n'est pas prêt : les migrations sont en cours.",
      details: { database: 'up', migrations: 'running', migrating: true },
    });
    release();
    expect(await running).toEqual([]);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('readiness with Redis', () => {
  let down: FastifyInstance | undefined;
  afterAll(async () => {
    await down?.close();
  });

  it('answers 503 naming Redis when REDIS_URL points at nothing', async () => {
    down = await buildApp({
      config: { ...t.config, redisUrl: REDIS_DOWN },
      db: t.db,
      logger: false,
    });
    const response = await down.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: false,
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: 'This server is not ready: Redis does not answer.',
      details: { database: 'up', redis: 'down', migrations: 'done' },
    });
  }, 20_000);

  it('says Redis is up when it answers a PING', async () => {
    const probe = readinessProbe(t.db, REDIS_UP);
    try {
      expect(await probe.check()).toEqual({
        ready: true,
        database: 'up',
        redis: 'up',
        migrations: 'done',
        migrating: false,
      });
    } finally {
      await probe.close();
    }
  });

  it('says the database is down when it does not answer in time', async () => {
    const silent = { ...t.db, one: () => new Promise<never>(() => {}) };
    const probe = readinessProbe(silent, undefined, 100);
    expect(await probe.check()).toMatchObject({
      ready: false,
      database: 'down',
      migrations: 'unknown',
    });
  });
});
