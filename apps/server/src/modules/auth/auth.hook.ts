import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLATFORM_NAME } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, unauthorized } from '../../http/app-error.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { verifyToken, type TokenClaims } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, reset, setpassword, health). */
    public?: boolean;
    /** Reachable by users of any platform, not only this one (their platform list). */
    anyPlatform?: boolean;
  }
  interface FastifyRequest {
    currentUser?: UserRecord;
    tokenClaims?: TokenClaims;
  }
}

/** The bearer token of a request's Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** The user behind a token, or null when the token is missing, invalid, expired or revoked. */
export const userFromToken = async (app: FastifyInstance, db: Database, token?: string) =>
  (await verifyToken(app, db, token))?.user ?? null;

/**
 * Default deny: every API route needs a valid token unless it says `config.public`, and
 * a user of this platform unless it says `config.anyPlatform`.
 */
export function registerAuthHook(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const verified = await verifyToken(app, db, bearerToken(request));
    if (!verified) throw unauthorized();
    const { user, claims } = verified;
    if (!config.anyPlatform && !user.platforms.some((p) => p.name === PLATFORM_NAME)) {
      throw new AppError(403, 'PLATFORM_FORBIDDEN', 'auth.platformForbidden', {
        platform: PLATFORM_NAME,
      });
    }
    request.currentUser = user;
    request.tokenClaims = claims;
  });
}

/** The signed-in user of a route that is not public (the hook guarantees one). */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
