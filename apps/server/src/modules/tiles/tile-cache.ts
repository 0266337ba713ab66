import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { tileMeets, type LngLatBox, type TileId } from './tile-coordinates.ts';

/** A tile as it was answered: its bytes and their entity tag. */
export interface CachedTile {
  etag: string;
  bytes: Uint8Array;
}

/**
 * Tiles kept between requests, keyed by project and tile. `forget` drops a project's tiles
 * that meet the boxes (all of them without boxes): after an edit, the next request reads the
 * database again.
 */
export interface TileCache {
  get(projectId: number, tile: TileId): Promise<CachedTile | null>;
  set(projectId: number, tile: TileId, value: CachedTile): Promise<void>;
  forget(projectId: number, boxes?: LngLatBox[]): Promise<void>;
  close(): Promise<void>;
}

const keyOf = ({ z, x, y }: TileId) => `${z}/${x}/${y}`;
const tileOf = (key: string): TileId => {
  const [z, x, y] = key.split('/').map(Number);
  return { z: z ?? 0, x: x ?? 0, y: y ?? 0 };
};

/** In this process, least recently used first out past a budget of bytes. */
export function memoryTileCache(budgetBytes = 64 * 1024 * 1024): TileCache {
  const entries = new Map<string, CachedTile & { projectId: number; tile: TileId }>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes.byteLength;
    entries.delete(key);
  };
  return {
    async get(projectId, tile) {
      const key = `${projectId}:${keyOf(tile)}`;
      const entry = entries.get(key);
      if (!entry) return null;
      // Map order is insertion order: moving it to the end makes the first the least used.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async set(projectId, tile, value) {
      const key = `${projectId}:${keyOf(tile)}`;
      drop(key);
      entries.set(key, { ...value, projectId, tile });
      bytes += value.bytes.byteLength;
      for (const oldest of entries.keys()) {
        if (bytes <= budgetBytes) break;
        drop(oldest);
      }
    },
    async forget(projectId, boxes) {
      for (const [key, entry] of entries) {
        if (entry.projectId === projectId && (!boxes || tileMeets(entry.tile, boxes))) drop(key);
      }
    },
    async close() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** How long Redis keeps a project's tiles after their last write (bounds a missed forget). */
const REDIS_TTL_SECONDS = 3600;

/**
 * In Redis, shared by every instance: one hash per project, a field per tile holding the entity
 * tag, a newline and the bytes. An instance that edits forgets the tiles for all of them. Redis
 * being away costs the cache, never the answer.
 */
export function redisTileCache(
  url: string,
  log: FastifyBaseLogger,
  /** Which database the tiles are of (two servers on two databases may share one Redis). */
  database: string,
): TileCache {
  const namespace = createHash('sha1').update(database).digest('hex').slice(0, 12);
  const projectKey = (projectId: number) => `integration:tiles:${namespace}:${projectId}`;
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) log.warn({ err: error }, 'tile cache: Redis unavailable, tiles are not shared');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  const quietly = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch {
      return fallback;
    }
  };
  return {
    get: (projectId, tile) =>
      quietly(async () => {
        const value = await redis.hgetBuffer(projectKey(projectId), keyOf(tile));
        if (!value) return null;
        const cut = value.indexOf(10);
        if (cut < 0) return null;
        return {
          etag: value.subarray(0, cut).toString('latin1'),
          bytes: new Uint8Array(value.subarray(cut + 1)),
        };
      }, null),
    set: (projectId, tile, { etag, bytes }) =>
      quietly(async () => {
        const key = projectKey(projectId);
        await redis
          .multi()
          .hset(key, keyOf(tile), Buffer.concat([Buffer.from(`${etag}\n`, 'latin1'), bytes]))
          .expire(key, REDIS_TTL_SECONDS)
          .exec();
      }, undefined),
    forget: (projectId, boxes) =>
      quietly(async () => {
        const key = projectKey(projectId);
        if (!boxes) {
          await redis.del(key);
          return;
        }
        const fields = (await redis.hkeys(key)).filter((field) => tileMeets(tileOf(field), boxes));
        if (fields.length) await redis.hdel(key, ...fields);
      }, undefined),
    // Replies in flight are awaited (a disconnect would reject them after the cache is gone).
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
