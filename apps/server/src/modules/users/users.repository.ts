import { sql, type SQL } from 'drizzle-orm';
import type { Role, User } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { assignedProjectIds } from '../access/access.ts';

/** A user as the server knows it: the public shape plus what sign-in needs. */
export interface UserRecord extends User {
  passwordHash: string | null;
  /** Bumped by each password change: tokens carrying an older one are refused. */
  tokenVersion: number;
}

const selectUsers = (where: SQL) => sql`
  SELECT u.id, u.name, u.email, u.mobile, u.role,
         u.password_set AS passwordset,
         u.password_hash AS "passwordHash",
         u.token_version AS "tokenVersion",
         coalesce(
           json_agg(json_build_object('name', p.name, 'url', p.url) ORDER BY p.id)
             FILTER (WHERE p.id IS NOT NULL),
           '[]'::json
         ) AS platforms
  FROM users u
  LEFT JOIN user_platforms up ON up.user_id = u.id
  LEFT JOIN platforms p ON p.id = up.platform_id
  WHERE ${where}
  GROUP BY u.id
  ORDER BY u.name, u.id`;

export function toPublicUser(record: UserRecord): User {
  const { passwordHash: _hash, tokenVersion: _version, ...user } = record;
  return user;
}

export const usersRepository = {
  findByEmail: (db: Queryable, email: string) =>
    db.one<UserRecord>(selectUsers(sql`lower(u.email) = lower(${email})`)),

  findById: (db: Queryable, id: number) => db.one<UserRecord>(selectUsers(sql`u.id = ${id}`)),

  listByPlatform: (db: Queryable, platform: string) =>
    db.rows<UserRecord>(
      selectUsers(sql`u.id IN (
        SELECT up2.user_id FROM user_platforms up2
        JOIN platforms p2 ON p2.id = up2.platform_id WHERE p2.name = ${platform})`),
    ),

  /** Users of the platform assigned to any project that `memberId` is assigned to, and them. */
  listProjectMembers: (db: Queryable, platform: string, memberId: number) =>
    db.rows<UserRecord>(
      selectUsers(sql`(u.id = ${memberId} OR u.id IN (
        SELECT cou.user_id FROM central_office_users cou
        JOIN central_offices co ON co.id = cou.central_office_id
        WHERE co.project_id IN (${assignedProjectIds(memberId)})
        UNION
        SELECT cu.user_id FROM cluster_users cu
        JOIN clusters c ON c.id = cu.cluster_id
        JOIN central_offices co ON co.id = c.central_office_id
        WHERE co.project_id IN (${assignedProjectIds(memberId)})))
        AND u.id IN (
          SELECT up2.user_id FROM user_platforms up2
          JOIN platforms p2 ON p2.id = up2.platform_id WHERE p2.name = ${platform})`),
    ),

  async setPassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
    await db.rows(sql`
      UPDATE users
      SET password_hash = ${passwordHash}, password_set = true,
          password_changed_at = now(), token_version = token_version + 1, updated_at = now()
      WHERE id = ${userId}`);
  },

  /** Creates the user, or updates name, role and platforms of the one with that email. */
  async upsert(
    db: Queryable,
    user: {
      email: string;
      name: string;
      role: Role;
      mobile?: string | null;
      passwordHash: string | null;
      passwordSet: boolean;
    },
  ): Promise<number> {
    const existing = await db.one<{ id: number }>(
      sql`SELECT id FROM users WHERE lower(email) = lower(${user.email})`,
    );
    if (existing) return existing.id;
    const created = await db.one<{ id: number }>(sql`
      INSERT INTO users (email, name, role, mobile, password_hash, password_set)
      VALUES (${user.email}, ${user.name}, ${user.role}, ${user.mobile ?? null},
              ${user.passwordHash}, ${user.passwordSet})
      RETURNING id`);
    if (!created) throw new Error(`Could not create user ${user.email}`);
    return created.id;
  },

  async addPlatforms(db: Queryable, userId: number, platformNames: string[]): Promise<void> {
    if (!platformNames.length) return;
    await db.rows(sql`
      INSERT INTO user_platforms (user_id, platform_id)
      SELECT ${userId}, id FROM platforms
      WHERE name IN (${sql.join(
        platformNames.map((n) => sql`${n}`),
        sql`, `,
      )})
      ON CONFLICT DO NOTHING`);
  },
};
