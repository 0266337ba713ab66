import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import type { AppError } from '../../http/app-error.ts';
import { forbidden } from '../../http/app-error.ts';
import type { UserRecord } from '../users/users.repository.ts';

/**
 * Who may see and change what (issue "Organisation"; SPEC §6 shows no roles):
 * - admins see and manage everything;
 * - everyone else sees the projects where they are assigned to a CO or a cluster;
 * - planners edit in clusters they are assigned to, directly or through the CO;
 * - field users and viewers read.
 */

/** Projects the user is assigned to, through a CO or a cluster: a subquery of ids. */
export const assignedProjectIds = (userId: number): SQL => sql`
  SELECT co.project_id FROM central_office_users cou
  JOIN central_offices co ON co.id = cou.central_office_id
  WHERE cou.user_id = ${userId}
  UNION
  SELECT co.project_id FROM cluster_users cu
  JOIN clusters c ON c.id = cu.cluster_id
  JOIN central_offices co ON co.id = c.central_office_id
  WHERE cu.user_id = ${userId}`;

/** A WHERE condition keeping rows of projects the user may see. */
export const visibleProject = (user: UserRecord, projectIdColumn: SQL): SQL =>
  user.role === 'admin' ? sql`TRUE` : sql`${projectIdColumn} IN (${assignedProjectIds(user.id)})`;

export function assertAdmin(user: UserRecord): void {
  if (user.role !== 'admin') throw forbidden();
}

/**
 * A project the user may read. Non-admins get 403 whether or not it exists, so ids cannot
 * be probed; admins get 404 for a missing one.
 */
export async function assertProjectReadable(
  db: Queryable,
  user: UserRecord,
  projectId: number,
  notFound: () => AppError,
): Promise<void> {
  const row = await db.one<{ visible: boolean }>(sql`
    SELECT ${visibleProject(user, sql`p.id`)} AS visible FROM projects p WHERE p.id = ${projectId}`);
  if (user.role === 'admin') {
    if (!row) throw notFound();
    return;
  }
  if (!row?.visible) throw forbidden();
}

/** Whether the user may edit elements and settings of a cluster. */
export async function canEditCluster(
  db: Queryable,
  user: UserRecord,
  clusterId: number,
): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'planner') return false;
  const row = await db.one<{ ok: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM cluster_users WHERE cluster_id = ${clusterId} AND user_id = ${user.id}
      UNION ALL
      SELECT 1 FROM clusters c
      JOIN central_office_users cou ON cou.central_office_id = c.central_office_id
      WHERE c.id = ${clusterId} AND cou.user_id = ${user.id}
    ) AS ok`);
  return row?.ok ?? false;
}

/**
 * Whether the user may change a project's own settings (its element templates): admins, and
 * planners assigned to any CO or cluster of it, since templates serve all its clusters.
 */
export async function canEditProject(
  db: Queryable,
  user: UserRecord,
  projectId: number,
): Promise<boolean> {
  if (user.role === 'admin') return true;
  if (user.role !== 'planner') return false;
  const row = await db.one<{ ok: boolean }>(sql`
    SELECT ${projectId} IN (${assignedProjectIds(user.id)}) AS ok`);
  return row?.ok ?? false;
}
