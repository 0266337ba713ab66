import { sql } from 'drizzle-orm';
import {
  TEMPLATE_TAGS_MAX,
  elementTypeById,
  tagCode,
  type CreateQrTemplateBody,
  type QrTemplate,
  type TagDetail,
  type UpdateQrTemplateBody,
} from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditCluster, visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { clusterNotFound } from '../clusters/clusters.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { qrTemplatesRepository as repo, type QrTemplateRecord } from './qr-templates.repository.ts';

export const qrTemplateNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'qr.templateNotFound', { id });

const codesTaken = (codes: string[]) =>
  new AppError(409, 'CONFLICT', 'qr.codesTaken', { codes: codes.join(', ') });

/** What a template is shown as: the record without the context the rules use. */
function shown({ projectId: _p, clusterName: _c, ...template }: QrTemplateRecord): QrTemplate {
  return template;
}

/** Owner rows name the project's client (SPEC §3) when left empty. */
const withOwner = (details: TagDetail[], clientName: string): TagDetail[] =>
  details.map((d) =>
    d.type === 'Attribute' && d.property === 'Owner' && !d.value.trim()
      ? { ...d, value: clientName }
      : d,
  );

/** Details compared by value (jsonb gives keys back in its own order). */
const canonical = (details: TagDetail[]) =>
  JSON.stringify(details.map((d) => [d.ID, d.type, d.property, d.value]));

export function createQrTemplatesService(db: Database) {
  async function readable(user: UserRecord, id: number): Promise<QrTemplateRecord> {
    const template = await repo.byId(db, id);
    await assertReadableVia(db, user, template?.projectId, () => qrTemplateNotFound(id));
    if (!template) throw qrTemplateNotFound(id);
    return template;
  }

  async function editable(user: UserRecord, id: number): Promise<QrTemplateRecord> {
    const template = await readable(user, id);
    if (!(await canEditCluster(db, user, template.clusterId))) throw forbidden();
    return template;
  }

  /** Refuses numbers whose codes another template already holds, naming a few. */
  async function assertCodesFree(
    tx: Queryable,
    prefix: string,
    from: number,
    to: number,
    templateId = 0,
  ) {
    const clashes = await repo.clashes(tx, prefix, from, to, templateId);
    if (clashes.length) throw codesTaken(clashes);
  }

  async function one(id: number): Promise<QrTemplate> {
    const template = await repo.byId(db, id);
    if (!template) throw qrTemplateNotFound(id);
    return shown(template);
  }

  /** A unique violation raced past the check: answered as the check would have. */
  async function guarded<T>(prefix: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw codesTaken([tagCode(prefix, 1) + '…']);
      throw error;
    }
  }

  return {
    readable,

    all: async (user: UserRecord) =>
      (await repo.list(db, visibleProject(user, sql`co.project_id`))).map(shown),

    async ofCluster(user: UserRecord, clusterId: number) {
      const context = await repo.clusterContext(db, clusterId);
      await assertReadableVia(db, user, context?.projectId, () => clusterNotFound(clusterId));
      return (await repo.list(db, sql`q.cluster_id = ${clusterId}`)).map(shown);
    },

    async create(user: UserRecord, body: CreateQrTemplateBody): Promise<QrTemplate> {
      const context = await repo.clusterContext(db, body.clusterId);
      await assertReadableVia(db, user, context?.projectId, () => clusterNotFound(body.clusterId));
      if (!context) throw clusterNotFound(body.clusterId);
      if (!(await canEditCluster(db, user, body.clusterId))) throw forbidden();
      const type = elementTypeById(body.networkElementTypeId);
      if (!type) {
        throw new AppError(404, 'NOT_FOUND', 'qr.typeNotFound', { id: body.networkElementTypeId });
      }
      const elementTemplate = await repo.elementTemplate(db, body.templateId);
      if (
        elementTemplate?.projectId !== context.projectId ||
        elementTemplate.type !== type.internalName
      ) {
        throw new AppError(422, 'VALIDATION_ERROR', 'qr.templateMismatch', {
          templateId: body.templateId,
          type: type.displayName,
        });
      }
      const id = await guarded(body.prefix, () =>
        db.transaction(async (tx) => {
          if (!(await lockRow(tx, 'clusters', body.clusterId, 'share'))) {
            throw clusterNotFound(body.clusterId);
          }
          await assertCodesFree(tx, body.prefix, 1, body.noOfTags);
          const newId = await repo.create(tx, {
            ...body,
            type: type.internalName,
            tagDetails: withOwner(body.tagDetails, context.clientName),
            userId: user.id,
          });
          await repo.addTags(tx, newId, body.noOfTags);
          return newId;
        }),
      );
      return one(id);
    },

    /**
     * Name and extra tags at any time; prefix and details only while no tag has been scanned
     * (a scanned label is on a pole: its code and what it says must not change under it).
     */
    async update(user: UserRecord, id: number, body: UpdateQrTemplateBody): Promise<QrTemplate> {
      const before = await editable(user, id);
      const context = await repo.clusterContext(db, before.clusterId);
      const prefix = body.prefix ?? before.prefix;
      const extra = body.extraTags ?? 0;
      await guarded(prefix, () =>
        db.transaction(async (tx) => {
          if (!(await lockRow(tx, 'qr_templates', id, 'update'))) throw qrTemplateNotFound(id);
          const current = await repo.byId(tx, id);
          if (!current) throw qrTemplateNotFound(id);
          const prefixChanges = body.prefix !== undefined && body.prefix !== current.prefix;
          const details = body.tagDetails && withOwner(body.tagDetails, context?.clientName ?? '');
          const detailsChange =
            details !== undefined && canonical(details) !== canonical(current.tagDetails);
          if (current.scanned > 0 && (prefixChanges || detailsChange)) {
            throw new AppError(409, 'CONFLICT', 'qr.scannedLocked', {
              name: current.name,
              scanned: current.scanned,
            });
          }
          if (current.noOfTags + extra > TEMPLATE_TAGS_MAX) {
            throw new AppError(422, 'VALIDATION_ERROR', 'qr.tooManyTags', {
              max: TEMPLATE_TAGS_MAX,
              count: current.noOfTags,
            });
          }
          if (prefixChanges) await assertCodesFree(tx, prefix, 1, current.index - 1, id);
          if (extra > 0) {
            await assertCodesFree(tx, prefix, current.index, current.index + extra - 1, id);
          }
          await repo.update(tx, id, {
            name: body.name,
            prefix: prefixChanges ? prefix : undefined,
            tagDetails: details,
            userId: user.id,
          });
          if (prefixChanges) await repo.recode(tx, id);
          if (extra > 0) await repo.addTags(tx, id, extra);
        }),
      );
      return one(id);
    },

    /** A template with scanned tags goes only when an admin forces it. */
    async delete(user: UserRecord, id: number, force: boolean): Promise<{ name: string }> {
      const template = await editable(user, id);
      await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'qr_templates', id, 'update'))) throw qrTemplateNotFound(id);
        const current = await repo.byId(tx, id);
        if (current && current.scanned > 0 && !(force && user.role === 'admin')) {
          throw new AppError(409, 'CONFLICT', 'qr.scannedDelete', {
            name: current.name,
            scanned: current.scanned,
          });
        }
        await repo.delete(tx, id);
      });
      return { name: template.name };
    },
  };
}

export type QrTemplatesService = ReturnType<typeof createQrTemplatesService>;
