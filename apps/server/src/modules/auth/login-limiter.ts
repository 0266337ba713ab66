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
 * Sign-in throttling: every attempt counts against the caller's IP; failed attempts also
 * count against the email, and a success clears that count. Shared through Redis when
 * REDIS_URL is set, so several instances enforce one limit.
 */
export interface LoginLimiter {
  assertAllowed(ip: string, email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
  close(): Promise<void>;
}

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(429, 'RATE_LIMITED', 'auth.rateLimited', { minutes });
}

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
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration: config.loginWindowSeconds };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  const byIp = make('login_ip', config.loginMaxPerIp);
  const byEmail = make('login_email', config.loginMaxPerEmail);
  const emailKey = (email: string) => email.trim().toLowerCase();

  return {
    async assertAllowed(ip, email) {
      const failures = await byEmail.get(emailKey(email));
      if (failures && failures.consumedPoints >= config.loginMaxPerEmail) {
        throw tooMany(failures.msBeforeNext);
      }
      try {
        await byIp.consume(ip);
      } catch (result) {
        if (result instanceof RateLimiterRes) throw tooMany(result.msBeforeNext);
        throw result;
      }
    },
    async recordFailure(email) {
      await byEmail.consume(emailKey(email)).catch((result: unknown) => {
        if (!(result instanceof RateLimiterRes)) throw result;
      });
    },
    async recordSuccess(email) {
      await byEmail.delete(emailKey(email));
    },
    async close() {
      if (redis) await closeRedis(redis);
    },
  };
}
