import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Queryable } from '../../db/database.ts';
import { isMigrating, pendingMigrations } from '../../db/migrate.ts';
import { answerWithin, closeRedis } from '../../redis.ts';

/** How long a dependency may take to answer before it counts as down. */
export const READY_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'not configured';
  /** `running` while this process migrates; `pending` when files are not applied yet. */
  migrations: 'done' | 'running' | 'pending' | 'unknown';
  migrating: boolean;
}

export interface ReadinessProbe {
  check(): Promise<Readiness>;
  close(): Promise<void>;
}

/** Resolves to `fallback` when `work` has not settled (or failed) within `ms`. */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(resolve, ms, fallback)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What GET /api/health/ready asks: the database answers, Redis answers a PING (when REDIS_URL
 * is set) and every migration of this server is applied. Redis is asked on a connection of its
 * own, opened at the first probe: the real-time connections report their outages themselves,
 * and a probe must not queue behind their subscriptions.
 */
export function readinessProbe(
  db: Queryable,
  redisUrl: string | undefined,
  timeoutMs = READY_TIMEOUT_MS,
): ReadinessProbe {
  let redis: Redis | undefined;
  if (redisUrl) {
    // One try per command: a down Redis fails the PING at once rather than after 20 retries.
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // Outages are this probe's answer, not log lines (presence already reports them).
    redis.on('error', () => {});
  }

  async function migrations(): Promise<Readiness['migrations']> {
    if (isMigrating()) return 'running';
    const pending = await within(pendingMigrations(db), timeoutMs, null);
    if (pending === null) return 'unknown';
    return pending.length ? 'pending' : 'done';
  }

  return {
    async check() {
      const [databaseUp, redisUp] = await Promise.all([
        within(
          db.one(sql`SELECT 1`).then(() => true),
          timeoutMs,
          false,
        ),
        redis ? answerWithin([redis], timeoutMs) : Promise.resolve(null),
      ]);
      const migrationState = databaseUp
        ? await migrations()
        : isMigrating()
          ? 'running'
          : 'unknown';
      const result: Readiness = {
        ready: databaseUp && redisUp !== false && migrationState === 'done',
        database: databaseUp ? 'up' : 'down',
        redis: redisUp === null ? 'not configured' : redisUp ? 'up' : 'down',
        migrations: migrationState,
        migrating: migrationState === 'running',
      };
      return result;
    },
    close: async () => {
      if (redis) await closeRedis(redis);
    },
  };
}
