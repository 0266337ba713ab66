import type { Queryable } from '../../db/database.ts';
import { forbidden, type AppError } from '../../http/app-error.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { assertProjectReadable } from './access.ts';

/**
 * A CO or cluster is readable when its project is. A missing one is a 404 for admins and
 * a 403 for everyone else, so ids cannot be probed.
 */
export async function assertReadableVia(
  db: Queryable,
  user: UserRecord,
  projectId: number | undefined,
  notFound: () => AppError,
): Promise<void> {
  if (projectId === undefined) throw user.role === 'admin' ? notFound() : forbidden();
  await assertProjectReadable(db, user, projectId, notFound);
}
