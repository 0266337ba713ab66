import { sql, type SQL } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  emptyElementCounts,
  totalElements,
  type Cluster,
  type CreateClusterBody,
  type UpdateClusterBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import {
  assertAdmin,
  assertProjectReadable,
  canEditCluster,
  visibleProject,
} from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { centralOfficesRepository } from '../central-offices/central-offices.repository.ts';
import { centralOfficeNotFound } from '../central-offices/central-offices.service.ts';
import { elementCounts } from '../element-counts/element-counts.repository.ts';
import { organisationRepository as organisation } from '../organisation/organisation.repository.ts';
import { hierarchyRepository } from '../hierarchy/hierarchy.repository.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { Presence } from '../realtime/presence.ts';
import { assertPlatformUsers } from '../users/members.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { clustersRepository as repo, type ClusterRow } from './clusters.repository.ts';

export const clusterNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id });
const nameTaken = (name: string) => new AppError(409, 'CONFLICT', 'clusters.nameTaken', { name });

export function createClustersService(
  db: Database,
  presence: Presence,
  changes?: { projectChanged(projectId: number): void },
) {
  async function complete(rows: ClusterRow[]): Promise<Cluster[]> {
    const [counts, online] = await Promise.all([
      elementCounts(
        db,
        'cluster',
        rows.map((r) => r.id),
      ),
      presence.snapshot(),
    ]);
    return rows.map((row) => ({
      ...row,
      _count: counts.get(row.id) ?? emptyElementCounts(),
      usersOnline: online.cluster(row.id),
    }));
  }
  const list = async (where: SQL) => complete(await repo.list(db, where));

  async function one(id: number): Promise<Cluster> {
    const [cluster] = await list(sql`c.id = ${id}`);
    if (!cluster) throw clusterNotFound(id);
    return cluster;
  }

  async function adminTarget(user: UserRecord, id: number): Promise<number> {
    assertAdmin(user);
    const projectId = await repo.projectOf(db, id);
    if (projectId === undefined) throw clusterNotFound(id);
    return projectId;
  }

  return {
    all: (user: UserRecord) => list(visibleProject(user, sql`co.project_id`)),

    async ofProject(user: UserRecord, projectId: number) {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return list(sql`co.project_id = ${projectId}`);
    },

    async ofCentralOffice(user: UserRecord, coId: number) {
      const projectId = await centralOfficesRepository.projectOf(db, coId);
      await assertReadableVia(db, user, projectId, () => centralOfficeNotFound(coId));
      return list(sql`c.central_office_id = ${coId}`);
    },

    /** One cluster with what the map needs: may this user edit it, and where it is. */
    async get(user: UserRecord, id: number): Promise<Cluster> {
      await assertReadableVia(db, user, await repo.projectOf(db, id), () => clusterNotFound(id));
      const [cluster, canEdit, location] = await Promise.all([
        one(id),
        canEditCluster(db, user, id),
        repo.location(db, id),
      ]);
      return { ...cluster, canEdit, location };
    },

    async create(user: UserRecord, body: CreateClusterBody): Promise<Cluster> {
      assertAdmin(user);
      const projectId = await centralOfficesRepository.projectOf(db, body.centralOfficeId);
      if (projectId === undefined) throw centralOfficeNotFound(body.centralOfficeId);
      try {
        const id = await db.transaction(async (tx) => {
          if (!(await lockRow(tx, 'central_offices', body.centralOfficeId, 'share'))) {
            throw centralOfficeNotFound(body.centralOfficeId);
          }
          if (await repo.nameTaken(tx, body.centralOfficeId, body.name)) throw nameTaken(body.name);
          const newId = await repo.create(tx, body.centralOfficeId, body.name);
          await hierarchyRepository.touchProject(tx, projectId);
          return newId;
        });
        return one(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(body.name);
        throw error;
      }
    },

    /**
     * Phase and naming convention: admins and the cluster's planners. Adding users: admins.
     */
    async update(user: UserRecord, id: number, body: UpdateClusterBody): Promise<Cluster> {
      const projectId = await repo.projectOf(db, id);
      await assertReadableVia(db, user, projectId, () => clusterNotFound(id));
      if (!(await canEditCluster(db, user, id))) throw forbidden();
      if (body.users) {
        assertAdmin(user);
        await assertPlatformUsers(db, body.users);
      }
      await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'clusters', id, 'share'))) throw clusterNotFound(id);
        await repo.update(tx, id, body);
        if (body.users) await repo.addUsers(tx, id, body.users);
        if (projectId !== undefined) await hierarchyRepository.touchProject(tx, projectId);
      });
      // A phase is drawn on the whole project's map (its tiles).
      if (body.projectPhase !== undefined && projectId !== undefined)
        changes?.projectChanged(projectId);
      return one(id);
    },

    async removeUser(user: UserRecord, id: number, userId: number): Promise<Cluster> {
      await adminTarget(user, id);
      if (!(await repo.removeUser(db, id, userId))) {
        throw new AppError(404, 'NOT_FOUND', 'clusters.userNotAssigned', { userId });
      }
      presence.accessChanged({ userId });
      return one(id);
    },

    /**
     * Refused while the cluster holds elements, so a misclick loses nothing (the counts in the
     * answer); with `confirm` its exact name, it goes with them (issue 28).
     */
    async delete(user: UserRecord, id: number, confirm?: string): Promise<{ name: string }> {
      const projectId = await adminTarget(user, id);
      const cluster = await one(id);
      await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'clusters', id, 'update'))) throw clusterNotFound(id);
        // Counted after the lock, so an element drawn meanwhile is not lost.
        const counts = (await elementCounts(tx, 'cluster', [id])).get(id) ?? emptyElementCounts();
        const total = totalElements(counts);
        if (total > 0 && confirm !== cluster.name) {
          const detail = ELEMENT_TYPES.filter((t) => counts[t.internalName] > 0)
            .map((t) => `${counts[t.internalName]} ${t.displayName}`)
            .join(', ');
          throw new AppError(
            409,
            'CONFLICT',
            'clusters.hasElements',
            { name: cluster.name, count: total, detail },
            { counts: await organisation.contents(tx, 'cluster', id) },
          );
        }
        await organisation.deleteElementsUnder(tx, 'cluster', id);
        await repo.delete(tx, id);
        await hierarchyRepository.touchProject(tx, projectId);
      });
      presence.accessChanged({ projectId });
      return { name: cluster.name };
    },
  };
}

export type ClustersService = ReturnType<typeof createClustersService>;
