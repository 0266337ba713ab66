import { sql } from 'drizzle-orm';
import { PLATFORM_NAME } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/** Users assigned to a CO or cluster, as lists show them. */
export const memberColumns = sql`json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'role', u.role)`;

/** Refuses, naming them, ids that are not users of this platform. */
export async function assertPlatformUsers(db: Queryable, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.rows<{ id: number }>(sql`
    SELECT u.id FROM users u
    JOIN user_platforms up ON up.user_id = u.id
    JOIN platforms p ON p.id = up.platform_id AND p.name = ${PLATFORM_NAME}
    WHERE u.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const known = new Set(found.map((r) => r.id));
  const unknown = [...new Set(ids)].filter((id) => !known.has(id));
  if (unknown.length) {
    throw new AppError(400, 'VALIDATION_ERROR', 'users.unknownIds', { ids: unknown.join(', ') });
  }
}

const MEMBERSHIPS = {
  centralOffice: {
    owner: 'central_offices',
    link: 'central_office_users',
    key: 'central_office_id',
  },
  cluster: { owner: 'clusters', link: 'cluster_users', key: 'cluster_id' },
} as const;

/**
 * Who is assigned to a CO or a cluster: adding someone already there changes nothing
 * (SPEC §4); any change marks the owner as updated.
 */
export function membership(kind: keyof typeof MEMBERSHIPS) {
  const owner = sql.raw(MEMBERSHIPS[kind].owner);
  const link = sql.raw(MEMBERSHIPS[kind].link);
  const key = sql.raw(MEMBERSHIPS[kind].key);
  const touch = (db: Queryable, id: number) =>
    db.rows(sql`UPDATE ${owner} SET updated_at = now() WHERE id = ${id}`);
  return {
    async addUsers(db: Queryable, id: number, userIds: number[]): Promise<void> {
      if (!userIds.length) return;
      await db.rows(sql`
        INSERT INTO ${link} (${key}, user_id)
        SELECT ${id}, u FROM unnest(${`{${userIds.join(',')}}`}::int[]) AS u
        ON CONFLICT DO NOTHING`);
      await touch(db, id);
    },
    /** Answers whether the user was assigned. */
    async removeUser(db: Queryable, id: number, userId: number): Promise<boolean> {
      const removed = await db.rows(sql`
        DELETE FROM ${link} WHERE ${key} = ${id} AND user_id = ${userId} RETURNING user_id`);
      if (removed.length) await touch(db, id);
      return removed.length > 0;
    },
  };
}
