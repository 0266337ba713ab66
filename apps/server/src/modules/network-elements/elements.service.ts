import { sql } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  formatElementName,
  type CreateElementBody,
  type ElementAck,
  type ElementType,
  type MapElement,
  type UpdateElementBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAdmin, visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { templatesRepository } from '../templates/templates.repository.ts';
import type { UserRecord } from '../users/users.repository.ts';
import {
  elementNotFound,
  itemsInvalid,
  versionConflict,
  type IndexedProblem,
} from './element-errors.ts';
import { checkAttributes, geometryFor } from './element-validation.ts';
import {
  acksInOrder,
  assertEditable,
  checkRings,
  clusterFacts,
  resolveTemplates,
  touchProjects,
} from './element-writes.ts';
import {
  elementsRepository as repo,
  type ElementChange,
  type ElementFacts,
  type NewElementRow,
} from './elements.repository.ts';

export function createElementsService(db: Database) {
  /** Facts of existing, live elements of this type; the rest are problems by index. */
  function liveFacts(
    type: ElementType,
    ids: number[],
    facts: ElementFacts[],
    problems: IndexedProblem[],
  ) {
    const byId = new Map(facts.map((f) => [f.id, f]));
    ids.forEach((id, index) => {
      const fact = byId.get(id);
      if (!fact || fact.deleted || fact.type !== type.internalName) {
        problems.push({
          index,
          field: 'id',
          key: 'elements.notFound',
          vars: { type: type.displayName, id },
        });
      }
    });
    return byId;
  }

  return {
    /** Elements in the API shape, as JSON text built by PostgreSQL, in the order asked. */
    elementsJson: (ids: number[]) => repo.byIdsJson(db, ids),

    async clusterJson(user: UserRecord, type: ElementType, clusterId: number): Promise<string> {
      const [cluster] = await clusterFacts(db, [clusterId]);
      await assertReadableVia(
        db,
        user,
        cluster?.projectId,
        () => new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId }),
      );
      return repo.clusterJson(db, clusterId, type.internalName);
    },

    async create(
      user: UserRecord,
      type: ElementType,
      items: CreateElementBody[],
      single = false,
    ): Promise<ElementAck[]> {
      return db.transaction(async (tx) => {
        // Lock the clusters first: one deleted meanwhile is a 404, not a foreign key error.
        for (const id of new Set(items.map((item) => item.clusterId)))
          await lockRow(tx, 'clusters', id, 'share');
        const clusters = await assertEditable(
          tx,
          user,
          items.map((i) => i.clusterId),
        );
        const problems: IndexedProblem[] = [];
        const templates = await resolveTemplates(
          tx,
          type,
          items.map((item, index) => ({
            index,
            projectId: clusters.get(item.clusterId)?.projectId ?? 0,
            templateId: item.templateId,
          })),
          problems,
        );
        const rows: (Omit<NewElementRow, 'id' | 'name'> & { name?: string })[] = [];
        const rings: { index: number; geojson: string }[] = [];
        items.forEach((item, index) => {
          const geometry = geometryFor(type.geometry, item.coordinates);
          if ('key' in geometry) problems.push({ index, ...geometry });
          const template = templates.get(index);
          const attributes = checkAttributes(template?.attributes ?? [], item.attributes, 'create');
          problems.push(...attributes.problems.map((p) => ({ index, ...p })));
          if ('geojson' in geometry && template) {
            if (type.geometry === 'polygon') rings.push({ index, geojson: geometry.geojson });
            rows.push({
              clusterId: item.clusterId,
              type: type.internalName,
              templateId: template.id,
              name: item.name || attributes.name,
              geojson: geometry.geojson,
              attributes: attributes.values,
            });
          }
        });
        await checkRings(tx, rings, problems);
        if (problems.length) throw itemsInvalid(problems, single);

        // Unnamed elements are named by their cluster's convention, numbers reserved at once.
        const unnamed = new Map<number, typeof rows>();
        for (const row of rows)
          if (!row.name) unnamed.set(row.clusterId, [...(unnamed.get(row.clusterId) ?? []), row]);
        for (const [clusterId, group] of unnamed) {
          const cluster = clusters.get(clusterId);
          let seq = await repo.reserveSequence(tx, clusterId, type.internalName, group.length);
          for (const row of group) {
            row.name = formatElementName(
              cluster?.naming ?? { prefix: '', pattern: '{type}-{seq}' },
              {
                typeCode: type.code,
                clusterName: cluster?.name ?? '',
                seq: seq++,
              },
            );
          }
        }
        const ids = await repo.nextIds(tx, rows.length);
        const newRows = rows.map((row, i) => ({ ...row, id: ids[i] ?? 0, name: row.name ?? '' }));
        const acks = await repo.insert(tx, newRows, user.id);
        const places = new Map(newRows.map((r) => [r.id, r]));
        await touchProjects(
          tx,
          [...clusters.values()].map((c) => c.projectId),
        );
        return acksInOrder(type, ids, acks, (id) => places.get(id));
      });
    },

    async update(
      user: UserRecord,
      type: ElementType,
      items: (UpdateElementBody & { id: number })[],
      single = false,
    ): Promise<ElementAck[]> {
      return db.transaction(async (tx) => {
        const ids = items.map((i) => i.id);
        const problems: IndexedProblem[] = [];
        const facts = liveFacts(type, ids, await repo.factsForUpdate(tx, ids), problems);
        if (single && problems.length) throw elementNotFound(type, ids[0] ?? 0);
        await assertEditable(
          tx,
          user,
          [...facts.values()].map((f) => f.clusterId),
        );

        const stale = items.filter(
          (item) => item.version !== undefined && item.version !== facts.get(item.id)?.version,
        );
        if (stale.length && !problems.length) {
          const current = await repo.byIdsJson(
            tx,
            stale.map((i) => i.id),
          );
          throw versionConflict(JSON.parse(current) as MapElement[]);
        }

        const templates = await resolveTemplates(
          tx,
          type,
          items.flatMap((item, index) => {
            const fact = facts.get(item.id);
            return fact
              ? [
                  {
                    index,
                    projectId: fact.projectId,
                    templateId: item.templateId ?? fact.templateId,
                  },
                ]
              : [];
          }),
          problems,
        );
        const changes: ElementChange[] = [];
        const rings: { index: number; geojson: string }[] = [];
        items.forEach((item, index) => {
          const template = templates.get(index);
          if (!template) return;
          const attributes = checkAttributes(template.attributes, item.attributes, 'update');
          problems.push(...attributes.problems.map((p) => ({ index, ...p })));
          let geojson: string | null = null;
          if (item.coordinates) {
            const geometry = geometryFor(type.geometry, item.coordinates);
            if ('key' in geometry) problems.push({ index, ...geometry });
            else {
              geojson = geometry.geojson;
              if (type.geometry === 'polygon') rings.push({ index, geojson });
            }
          }
          changes.push({
            id: item.id,
            name: item.name ?? attributes.name ?? null,
            templateId: item.templateId ?? null,
            geojson,
            attributes: attributes.values,
          });
        });
        await checkRings(tx, rings, problems);
        if (problems.length) throw itemsInvalid(problems, single);

        const acks = await repo.update(tx, changes, user.id);
        await touchProjects(
          tx,
          [...facts.values()].map((f) => f.projectId),
        );
        const newTemplates = new Map(changes.map((c) => [c.id, c.templateId]));
        return acksInOrder(type, ids, acks, (id) => {
          const fact = facts.get(id);
          return (
            fact && {
              clusterId: fact.clusterId,
              templateId: newTemplates.get(id) ?? fact.templateId,
            }
          );
        });
      });
    },

    async delete(
      user: UserRecord,
      type: ElementType,
      ids: number[],
      single = false,
    ): Promise<number[]> {
      return db.transaction(async (tx) => {
        const problems: IndexedProblem[] = [];
        const facts = liveFacts(type, ids, await repo.factsForUpdate(tx, ids), problems);
        if (single && problems.length) throw elementNotFound(type, ids[0] ?? 0);
        if (problems.length) throw itemsInvalid(problems, single);
        await assertEditable(
          tx,
          user,
          [...facts.values()].map((f) => f.clusterId),
        );
        await repo.setDeleted(tx, ids, true, user.id);
        await touchProjects(
          tx,
          [...facts.values()].map((f) => f.projectId),
        );
        return ids;
      });
    },

    /** Brings a deleted element back (admins only). */
    async restore(user: UserRecord, type: ElementType, id: number): Promise<MapElement> {
      assertAdmin(user);
      return db.transaction(async (tx) => {
        const [fact] = await repo.factsForUpdate(tx, [id]);
        if (!fact || fact.type !== type.internalName) throw elementNotFound(type, id);
        if (!fact.deleted)
          throw new AppError(409, 'CONFLICT', 'elements.notDeleted', {
            type: type.displayName,
            id,
          });
        await repo.setDeleted(tx, [id], false, user.id);
        await touchProjects(tx, [fact.projectId]);
        const [element] = JSON.parse(await repo.byIdsJson(tx, [id])) as MapElement[];
        if (!element) throw elementNotFound(type, id);
        return element;
      });
    },

    async history(user: UserRecord, type: ElementType, id: number) {
      const [fact] = await repo.factsForUpdate(db, [id]);
      const exists = fact && fact.type === type.internalName;
      await assertReadableVia(db, user, exists ? fact.projectId : undefined, () =>
        elementNotFound(type, id),
      );
      return repo.history(db, id);
    },

    async templatesOfProject(user: UserRecord, type: ElementType, projectId: number) {
      await assertReadableVia(
        db,
        user,
        projectId,
        () => new AppError(404, 'NOT_FOUND', 'hierarchy.projectNotFound', { id: projectId }),
      );
      await templatesRepository.ensureDefaults(db, [projectId]);
      return templatesRepository.ofProject(db, projectId, type.internalName);
    },

    templatesOfType: (user: UserRecord, type: ElementType) =>
      templatesRepository.ofType(db, type.internalName, visibleProject(user, sql`t.project_id`)),

    types: () =>
      ELEMENT_TYPES.map((t) => ({
        id: t.id,
        name: t.internalName,
        type: t.internalName,
        displayName: t.displayName,
        segment: t.segment,
        geometry: t.geometry,
        layer: t.displayName,
      })),
  };
}

export type ElementsService = ReturnType<typeof createElementsService>;
