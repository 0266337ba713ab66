import type { ExportBody } from '@integration/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import type { UserRecord } from '../users/users.repository.ts';

/** What an exchange export covers: one project's clusters (all, one office's, or one). */
export interface ExchangeScope {
  projectId: number;
  /** The file's name: the cluster's, office's or project's. */
  name: string;
  /** Clusters covered, Cancelled ones included (each format decides what it does with them). */
  clusterIds: number[];
  /** Offices covered (their place, trays, splitters and ports belong to the delivery). */
  centralOfficeIds: number[];
}

/**
 * The scope of an exchange export: exactly one of clusterId, centralOfficeId or projectId, the
 * user able to read its project (a missing one is a 404 for admins, a 403 for others).
 */
export async function exchangeScope(
  db: Queryable,
  user: UserRecord,
  body: Pick<ExportBody, 'clusterId' | 'centralOfficeId' | 'projectId'>,
): Promise<ExchangeScope> {
  const given = [body.clusterId, body.centralOfficeId, body.projectId].filter(
    (v) => v !== undefined,
  );
  if (given.length !== 1) throw new AppError(400, 'VALIDATION_ERROR', 'exchange.oneScope');
  const [kind, id, notFoundKey] =
    body.clusterId !== undefined
      ? (['cluster', body.clusterId, 'clusters.notFound'] as const)
      : body.centralOfficeId !== undefined
        ? (['office', body.centralOfficeId, 'centralOffices.notFound'] as const)
        : (['project', body.projectId ?? 0, 'hierarchy.projectNotFound'] as const);
  const where =
    kind === 'cluster'
      ? sql`cl.id = ${id}`
      : kind === 'office'
        ? sql`co.id = ${id}`
        : sql`p.id = ${id}`;
  const named = sql.raw(kind === 'cluster' ? 'cl.name' : kind === 'office' ? 'co.name' : 'p.name');
  const rows = await db.rows<{
    project_id: number;
    name: string;
    cluster_ids: number[] | null;
    office_ids: number[] | null;
  }>(
    sql`SELECT p.id AS project_id, min(${named}) AS name,
            array_agg(DISTINCT cl.id) FILTER (WHERE cl.id IS NOT NULL) AS cluster_ids,
            array_agg(DISTINCT co.id) FILTER (WHERE co.id IS NOT NULL) AS office_ids
       FROM projects p
       LEFT JOIN central_offices co ON co.project_id = p.id
       LEFT JOIN clusters cl ON cl.central_office_id = co.id
      WHERE ${where}
      GROUP BY p.id`,
  );
  const row = rows[0];
  await assertReadableVia(
    db,
    user,
    row?.project_id,
    () => new AppError(404, 'NOT_FOUND', notFoundKey, { id }),
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', notFoundKey, { id });
  return {
    projectId: row.project_id,
    name: row.name,
    clusterIds: (row.cluster_ids ?? []).sort((a, b) => a - b),
    centralOfficeIds: (row.office_ids ?? []).sort((a, b) => a - b),
  };
}
