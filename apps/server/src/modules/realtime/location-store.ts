import type { Redis } from 'ioredis';
import type { LiveLocation, LocationRemovedPayload } from '@integration/contracts';

/**
 * Where shared positions are kept while they are fresh: never in SQL. One position per user
 * and project (the latest); older than `expiresMs`, it is gone.
 */
export interface LocationStore {
  put(location: LiveLocation): Promise<void>;
  /** Answers whether there was one. */
  remove(projectId: number, userId: number): Promise<boolean>;
  /** The fresh positions of a project. */
  list(projectId: number, now: number): Promise<LiveLocation[]>;
  /** Drops expired positions; answers those this caller dropped (each is dropped once). */
  expire(now: number): Promise<LocationRemovedPayload[]>;
}

const ageOf = (location: LiveLocation, now: number) => now - Date.parse(location.updatedAt);

/** This instance's positions, in memory. */
export function memoryLocationStore(expiresMs: number): LocationStore {
  const byProject = new Map<number, Map<number, LiveLocation>>();
  return {
    async put(location) {
      const project = byProject.get(location.projectId) ?? new Map<number, LiveLocation>();
      project.set(location.userId, location);
      byProject.set(location.projectId, project);
    },
    async remove(projectId, userId) {
      const project = byProject.get(projectId);
      const had = project?.delete(userId) ?? false;
      if (project?.size === 0) byProject.delete(projectId);
      return had;
    },
    async list(projectId, now) {
      const project = byProject.get(projectId);
      return project ? [...project.values()].filter((l) => ageOf(l, now) < expiresMs) : [];
    },
    async expire(now) {
      const dropped: LocationRemovedPayload[] = [];
      for (const [projectId, project] of byProject) {
        for (const [userId, location] of project) {
          if (ageOf(location, now) < expiresMs) continue;
          project.delete(userId);
          dropped.push({ projectId, userId });
        }
        if (!project.size) byProject.delete(projectId);
      }
      return dropped;
    },
  };
}

const PREFIX = 'integration-locations';
const PROJECTS = `${PREFIX}:projects`;
const timesOf = (projectId: number) => `${PREFIX}:${projectId}:at`;
const dataOf = (projectId: number) => `${PREFIX}:${projectId}:data`;

/**
 * Every instance's positions, in Redis: per project a hash (user → position) and a sorted set
 * (user → time received), both expiring with their newest position, and the set of projects
 * holding any. Expiry removes a member with ZREM, which only one instance wins: that one
 * announces it.
 */
export function redisLocationStore(redis: Redis, expiresMs: number): LocationStore {
  return {
    async put(location) {
      const { projectId, userId } = location;
      await redis
        .multi()
        .hset(dataOf(projectId), String(userId), JSON.stringify(location))
        .zadd(timesOf(projectId), Date.parse(location.updatedAt), String(userId))
        .pexpire(dataOf(projectId), expiresMs)
        .pexpire(timesOf(projectId), expiresMs)
        .sadd(PROJECTS, String(projectId))
        .exec();
    },
    async remove(projectId, userId) {
      const [removed] = await Promise.all([
        redis.zrem(timesOf(projectId), String(userId)),
        redis.hdel(dataOf(projectId), String(userId)),
      ]);
      return removed > 0;
    },
    async list(projectId, now) {
      const users = await redis.zrangebyscore(timesOf(projectId), `(${now - expiresMs}`, '+inf');
      if (!users.length) return [];
      const values = await redis.hmget(dataOf(projectId), ...users);
      return values.flatMap((value) => (value ? [JSON.parse(value) as LiveLocation] : []));
    },
    async expire(now) {
      const dropped: LocationRemovedPayload[] = [];
      for (const id of await redis.smembers(PROJECTS)) {
        const projectId = Number(id);
        const old = await redis.zrangebyscore(timesOf(projectId), '-inf', now - expiresMs);
        for (const user of old) {
          if (!(await redis.zrem(timesOf(projectId), user))) continue;
          await redis.hdel(dataOf(projectId), user);
          dropped.push({ projectId, userId: Number(user) });
        }
        if (!(await redis.zcard(timesOf(projectId)))) await redis.srem(PROJECTS, id);
      }
      return dropped;
    },
  };
}
