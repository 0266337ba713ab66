import { sql } from 'drizzle-orm';
import type { CentralOffice, CreateCentralOfficeBody } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAdmin, assertProjectReadable, visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { organisationRepository as organisation } from '../organisation/organisation.repository.ts';
import { hierarchyRepository } from '../hierarchy/hierarchy.repository.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { Presence } from '../realtime/presence.ts';
import { assertPlatformUsers } from '../users/members.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { centralOfficesRepository as repo } from './central-offices.repository.ts';

export const centralOfficeNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'centralOffices.notFound', { id });

const nameTaken = (name: string) =>
  new AppError(409, 'CONFLICT', 'centralOffices.nameTaken', { name });

export function createCentralOfficesService(db: Database, presence: Presence) {
  async function one(id: number): Promise<CentralOffice> {
    const [office] = await repo.list(db, sql`co.id = ${id}`);
    if (!office) throw centralOfficeNotFound(id);
    return office;
  }

  /** The CO's project, after checking that the user is an admin and the CO exists. */
  async function adminTarget(user: UserRecord, id: number): Promise<number> {
    assertAdmin(user);
    const projectId = await repo.projectOf(db, id);
    if (projectId === undefined) throw centralOfficeNotFound(id);
    return projectId;
  }

  return {
    all: (user: UserRecord) => repo.list(db, visibleProject(user, sql`co.project_id`)),

    async ofProject(user: UserRecord, projectId: number) {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return repo.list(db, sql`co.project_id = ${projectId}`);
    },

    async get(user: UserRecord, id: number) {
      await assertReadableVia(db, user, await repo.projectOf(db, id), () =>
        centralOfficeNotFound(id),
      );
      return one(id);
    },

    async create(user: UserRecord, body: CreateCentralOfficeBody): Promise<CentralOffice> {
      assertAdmin(user);
      await assertProjectReadable(db, user, body.projectId, () => projectNotFound(body.projectId));
      try {
        const id = await db.transaction(async (tx) => {
          if (await repo.nameTaken(tx, body.projectId, body.name)) throw nameTaken(body.name);
          const newId = await repo.create(tx, body.projectId, body.name);
          await hierarchyRepository.touchProject(tx, body.projectId);
          return newId;
        });
        return one(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(body.name);
        throw error;
      }
    },

    /** Adds users; those already assigned change nothing (SPEC §4). */
    async addUsers(user: UserRecord, id: number, userIds: number[]): Promise<CentralOffice> {
      const projectId = await adminTarget(user, id);
      await assertPlatformUsers(db, userIds);
      await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'central_offices', id, 'share'))) throw centralOfficeNotFound(id);
        await repo.addUsers(tx, id, userIds);
        await hierarchyRepository.touchProject(tx, projectId);
      });
      return one(id);
    },

    async removeUser(user: UserRecord, id: number, userId: number): Promise<CentralOffice> {
      await adminTarget(user, id);
      if (!(await repo.removeUser(db, id, userId))) {
        throw new AppError(404, 'NOT_FOUND', 'centralOffices.userNotAssigned', { userId });
      }
      presence.accessChanged({ userId });
      return one(id);
    },

    /**
     * Refused while clusters remain, so a misclick loses nothing (the counts in the answer);
     * with `confirm` its exact name, it goes with its clusters and their elements (issue 28).
     */
    async delete(user: UserRecord, id: number, confirm?: string): Promise<{ name: string }> {
      const projectId = await adminTarget(user, id);
      const office = await one(id);
      const deleted = await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'central_offices', id, 'update'))) throw centralOfficeNotFound(id);
        const clusters = await repo.clusterNames(tx, id);
        if (clusters.length && confirm !== office.name) {
          throw new AppError(
            409,
            'CONFLICT',
            'centralOffices.hasClusters',
            {
              name: office.name,
              count: clusters.length,
              names: clusters.map((c) => c.name).join(', '),
            },
            { counts: await organisation.contents(tx, 'centralOffice', id) },
          );
        }
        await organisation.deleteElementsUnder(tx, 'centralOffice', id);
        await repo.delete(tx, id);
        await hierarchyRepository.touchProject(tx, projectId);
        return { name: office.name };
      });
      presence.accessChanged({ projectId });
      return deleted;
    },
  };
}

export type CentralOfficesService = ReturnType<typeof createCentralOfficesService>;
