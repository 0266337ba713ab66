import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

export type ResetPurpose = 'reset' | 'invite';

// Only a hash is stored: a leaked database row cannot be used as a link.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const resetTokensRepository = {
  async create(db: Queryable, userId: number, purpose: ResetPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await db.rows(sql`
      INSERT INTO password_resets (user_id, token_hash, purpose, expires_at)
      VALUES (${userId}, ${hashToken(token)}, ${purpose}, ${expiresAt.toISOString()})`);
    return token;
  },

  /** The user of a valid token, without spending it (to check a password before setting it). */
  async userOf(db: Queryable, token: string): Promise<number | undefined> {
    const row = await db.one<{ userId: number }>(sql`
      SELECT user_id AS "userId" FROM password_resets
      WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()`);
    return row?.userId;
  },

  /** Spends a valid token and every other open token of its user; answers the user id. */
  async consume(db: Queryable, token: string): Promise<number | undefined> {
    const spent = await db.one<{ userId: number }>(sql`
      UPDATE password_resets SET used_at = now()
      WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id AS "userId"`);
    if (!spent) return undefined;
    await db.rows(sql`
      UPDATE password_resets SET used_at = now()
      WHERE user_id = ${spent.userId} AND used_at IS NULL`);
    return spent.userId;
  },
};
