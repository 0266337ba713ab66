import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { closeRedis, reportOutages } from '../../redis.ts';

/**
 * Sign-in throttling: every attempt counts against the caller's IP; failed attempts also count
 * against the email. Each failure past the third makes the next attempt for that email wait
 * twice as long (1 s, 2 s, 4 s … at most the window), answered with 429 and Retry-After: a
 * guesser is slowed to a crawl while the owner is never locked out hard, and at
 * `loginMaxPerEmail` failures the owner is mailed a link that clears the count. A success
 * clears it too. Password-reset mails are limited per email and per IP the same way. Shared
 * through Redis when REDIS_URL is set, so several instances enforce one limit.
 */
export interface LoginLimiter {
  assertAllowed(ip: string, email: string): Promise<void>;
  /** Counts a failure; answers how many the email has in the window. */
  recordFailure(email: string): Promise<number>;
  recordSuccess(email: string): Promise<void>;
  /** Clears an email's failures and wait (the owner's unlock link). */
  unlock(email: string): Promise<void>;
  /** Whether one more reset mail may go to this email, asked from this IP. */
  allowReset(ip: string, email: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Failures before each further one makes the next attempt wait. */
const FREE_FAILURES = 3;
/** Reset mails per email, and per IP, in an hour. */
const RESET_MAX_PER_EMAIL = 3;
const RESET_MAX_PER_IP = 20;

function tooMany(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(429, 'RATE_LIMITED', 'auth.rateLimited', { seconds });
}

/** Seconds the next attempt waits after `failures` failures: doubling, capped. */
const slowdownSeconds = (failures: number, capSeconds: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), capSeconds);

export function createLoginLimiter(
  config: Pick<Config, 'loginMaxPerIp' | 'loginMaxPerEmail' | 'loginWindowSeconds' | 'redisUrl'>,
  log: FastifyBaseLogger,
): LoginLimiter {
  const redis = config.redisUrl
    ? reportOutages(
        new Redis(config.redisUrl, { enableOfflineQueue: false }),
        log,
        'sign-in limits',
      )
    : undefined;
  const make = (
    keyPrefix: string,
    points: number,
    duration = config.loginWindowSeconds,
  ): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  const byIp = make('login_ip', config.loginMaxPerIp);
  // Failures are counted, never refused here: the wait below does the refusing.
  const failuresByEmail = make('login_email', Number.MAX_SAFE_INTEGER);
  const waitByEmail = make('login_wait', 1);
  const resetsByEmail = make('reset_email', RESET_MAX_PER_EMAIL, 3600);
  const resetsByIp = make('reset_ip', RESET_MAX_PER_IP, 3600);
  const emailKey = (email: string) => email.trim().toLowerCase();
  const consumed = (limiter: RateLimiterAbstract, key: string) =>
    limiter.consume(key).then(
      () => true,
      (result: unknown) => {
        if (result instanceof RateLimiterRes) return false;
        throw result;
      },
    );

  return {
    async assertAllowed(ip, email) {
      const wait = await waitByEmail.get(emailKey(email));
      if (wait && wait.consumedPoints > 1) throw tooMany(wait.msBeforeNext);
      try {
        await byIp.consume(ip);
      } catch (result) {
        if (result instanceof RateLimiterRes) throw tooMany(result.msBeforeNext);
        throw result;
      }
    },
    async recordFailure(email) {
      const key = emailKey(email);
      const failures = (await failuresByEmail.consume(key)).consumedPoints;
      const seconds = slowdownSeconds(failures, config.loginWindowSeconds);
      if (seconds > 0) await waitByEmail.block(key, seconds);
      return failures;
    },
    async recordSuccess(email) {
      await this.unlock(email);
    },
    async unlock(email) {
      const key = emailKey(email);
      await Promise.all([failuresByEmail.delete(key), waitByEmail.delete(key)]);
    },
    async allowReset(ip, email) {
      // Both are counted even when one refuses: a flood from one IP spends its own budget.
      const [byEmailOk, byIpOk] = await Promise.all([
        consumed(resetsByEmail, emailKey(email)),
        consumed(resetsByIp, ip),
      ]);
      return byEmailOk && byIpOk;
    },
    async close() {
      if (redis) await closeRedis(redis);
    },
  };
}
