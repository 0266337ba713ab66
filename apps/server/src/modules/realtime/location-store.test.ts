import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { LiveLocation } from '@integration/contracts';
import { memoryLocationStore, redisLocationStore, type LocationStore } from './location-store.ts';
import { REDIS_URL } from './realtime.fixtures.ts';

const EXPIRES = 60_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
// Project ids of their own, so other runs on the same Redis do not meet these.
const project = 900_000_000 + (randomBytes(3).readUIntBE(0, 3) % 1_000_000);

const at = (userId: number, ms: number): LiveLocation => ({
  userId,
  name: `User ${userId}`,
  mobile: null,
  projectId: project,
  lat: -1.28,
  lng: 36.8,
  accuracy: 5,
  updatedAt: new Date(ms).toISOString(),
});

const redis = new Redis(REDIS_URL);
afterAll(async () => {
  await redis.del(`integration-locations:${project}:at`, `integration-locations:${project}:data`);
  await redis.srem('integration-locations:projects', String(project));
  await redis.quit();
});

describe.each([
  ['memory', () => memoryLocationStore(EXPIRES)],
  ['Redis', () => redisLocationStore(redis, EXPIRES)],
] as [string, () => LocationStore][])('%s location store', (_, make) => {
  it('keeps the latest position per user, lists fresh ones, and expires each once', async () => {
    const store = make();
    await store.put(at(1, T0));
    await store.put(at(2, T0));
    await store.put(at(2, T0 + 30_000));
    expect((await store.list(project, T0 + 30_000)).map((l) => l.userId).sort()).toEqual([1, 2]);
    expect((await store.list(project, T0 + 30_000)).find((l) => l.userId === 2)?.updatedAt).toBe(
      new Date(T0 + 30_000).toISOString(),
    );
    // User 1's position is now too old: no longer listed, and expired once.
    expect((await store.list(project, T0 + EXPIRES)).map((l) => l.userId)).toEqual([2]);
    const dropped = await store.expire(T0 + EXPIRES);
    expect(dropped.filter((d) => d.projectId === project)).toEqual([
      { projectId: project, userId: 1 },
    ]);
    expect((await store.expire(T0 + EXPIRES)).filter((d) => d.projectId === project)).toEqual([]);

    expect(await store.remove(project, 2)).toBe(true);
    expect(await store.remove(project, 2)).toBe(false);
    expect(await store.list(project, T0 + 30_000)).toEqual([]);
  });
});

describe('Redis location store shared by two instances', () => {
  it('announces an expiry from one instance only', async () => {
    const a = redisLocationStore(redis, EXPIRES);
    const b = redisLocationStore(redis, EXPIRES);
    await a.put(at(7, T0));
    const [fromA, fromB] = await Promise.all([a.expire(T0 + EXPIRES), b.expire(T0 + EXPIRES)]);
    const ours = [...fromA, ...fromB].filter((d) => d.projectId === project);
    expect(ours).toEqual([{ projectId: project, userId: 7 }]);
  });
});
