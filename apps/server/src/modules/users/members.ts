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
