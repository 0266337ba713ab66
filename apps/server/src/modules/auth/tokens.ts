import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MAX_ID } from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { usersRepository, type UserRecord } from '../users/users.repository.ts';

/** What our tokens say: whose they are, their credentials' version, their own id, expiry. */
export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  jti: string | null;
  /** Unix seconds. */
  exp: number | null;
}

const DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * The claims of a token whose signature checked out, or null if they are not ours: a token is
 * validly signed by anyone holding the secret (a script, an old version), so nothing in it is
 * trusted by shape; a `sub` that is not a user id is a 401, never a query.
 */
export function readClaims(payload: unknown): TokenClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, tv = 0, jti = null, exp = null } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !DIGITS.test(sub) || Number(sub) > MAX_ID) return null;
  if (!Number.isSafeInteger(tv) || (tv as number) < 0) return null;
  if (jti !== null && (typeof jti !== 'string' || jti.length > 64)) return null;
  if (exp !== null && !Number.isSafeInteger(exp)) return null;
  return {
    userId: Number(sub),
    tokenVersion: tv as number,
    jti: jti as string | null,
    exp: exp as number | null,
  };
}

export const signClaims = (user: Pick<UserRecord, 'id' | 'tokenVersion'>) => ({
  sub: String(user.id),
  tv: user.tokenVersion,
  jti: randomUUID(),
});

export const revokedTokensRepository = {
  /** Ends one token; rows of tokens past their expiry go at the same time. */
  async revoke(db: Queryable, jti: string, exp: number | null): Promise<void> {
    const until = new Date((exp ?? Math.floor(Date.now() / 1000) + 86_400) * 1000).toISOString();
    await db.rows(sql`DELETE FROM revoked_tokens WHERE expires_at < now()`);
    await db.rows(sql`
      INSERT INTO revoked_tokens (jti, expires_at) VALUES (${jti}, ${until})
      ON CONFLICT (jti) DO NOTHING`);
  },

  isRevoked: async (db: Queryable, jti: string) =>
    Boolean(await db.one(sql`SELECT 1 AS revoked FROM revoked_tokens WHERE jti = ${jti}`)),
};

/** A signed-in user and the claims of the token that proved it. */
export interface Verified {
  user: UserRecord;
  claims: TokenClaims;
}

/** The user behind a token, or null when it is missing, invalid, expired or revoked. */
export async function verifyToken(
  app: FastifyInstance,
  db: Database,
  token: string | undefined,
): Promise<Verified | null> {
  if (!token) return null;
  let claims: TokenClaims | null;
  try {
    claims = readClaims(app.jwt.verify(token));
  } catch {
    return null;
  }
  if (!claims) return null;
  const user = await usersRepository.findById(db, claims.userId);
  // A password change bumps the version: every token issued before it stops counting.
  if (!user || user.tokenVersion !== claims.tokenVersion) return null;
  if (claims.jti && (await revokedTokensRepository.isRevoked(db, claims.jti))) return null;
  return { user, claims };
}

/**
 * Tokens that stopped counting, for whoever holds a connection opened with one (the realtime
 * sockets): one token signed out, or every token of a user before a password change.
 */
export type Revocation = { jti: string } | { userId: number; beforeVersion: number };

export class Revocations extends EventEmitter<{ revoked: [Revocation] }> {}
