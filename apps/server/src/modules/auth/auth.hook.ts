import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLATFORM_NAME } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, unauthorized } from '../../http/app-error.ts';
import { usersRepository, type UserRecord } from '../users/users.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, reset, setpassword, health). */
    public?: boolean;
    /** Reachable by users of any platform, not only this one (their platform list). */
    anyPlatform?: boolean;
  }
  interface FastifyRequest {
    currentUser?: UserRecord;
  }
}

export interface TokenPayload {
  sub: string;
  iat: number;
}

/** The user behind the request's bearer token, or null when there is no usable token. */
export async function userFromToken(
  app: FastifyInstance,
  db: Database,
  request: FastifyRequest,
): Promise<UserRecord | null> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return null;
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(match[1]);
  } catch {
    return null;
  }
  const user = await usersRepository.findById(db, Number(payload.sub));
  if (!user) return null;
  // A token issued before the last password change no longer counts.
  if (payload.iat < user.passwordChangedAt) return null;
  return user;
}

/**
 * Default deny: every API route needs a valid token unless it says `config.public`, and
 * a user of this platform unless it says `config.anyPlatform`.
 */
export function registerAuthHook(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const user = await userFromToken(app, db, request);
    if (!user) throw unauthorized();
    if (!config.anyPlatform && !user.platforms.some((p) => p.name === PLATFORM_NAME)) {
      throw new AppError(403, 'PLATFORM_FORBIDDEN', 'auth.platformForbidden', {
        platform: PLATFORM_NAME,
      });
    }
    request.currentUser = user;
  });
}

/** The signed-in user of a route that is not public (the hook guarantees one). */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
