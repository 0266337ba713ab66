import { sql } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  type CreateElementBody,
  type ElementAck,
  type ElementTemplate,
  type ElementType,
  type MapElement,
  type UpdateElementBody,
  type ClusterShape,
  type ElementChangeCause,
} from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { isDeadlock } from '../../db/errors.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError } from '../../http/app-error.ts';
import { visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { templatesRepository } from '../templates/templates.repository.ts';
import { followCapacity } from '../fibre/cable-capacity.ts';
import type { UserRecord } from '../users/users.repository.ts';
import {
  noElementEvents,
  type CommittedElement,
  type ElementCommit,
  type ElementEvents,
} from '../realtime/element-events.ts';
import {
  ConcurrentChange,
  elementNotFound,
  lostToAnotherWriter,
  itemsInvalid,
  versionConflict,
  type IndexedProblem,
} from './element-errors.ts';
import { readCluster } from './cluster-read.ts';
import { forgiveRemovedAttributes } from './removed-attributes.ts';
import { createAnswers, createdBefore, nameUnnamed } from './element-creates.ts';
import { attributeChecker, geometryFor, type AttributeChecker } from './element-validation.ts';
import {
  assertEditable,
  assertMayWriteElements,
  checkRings,
  resolveTemplates,
  touchProjects,
} from './element-writes.ts';
import {
  elementsRepository as repo,
  type ArchivedFacts,
  type ElementChange,
  type LiveFacts,
  type NewElementRow,
} from './elements.repository.ts';

/** Writes that lost a race with another writer are retried this many times in all. */
const ATTEMPTS = 3;

/** One attribute checker per template for a whole batch. */
function checkers() {
  const byTemplate = new Map<number, AttributeChecker>();
  return (template: ElementTemplate) => {
    let check = byTemplate.get(template.id);
    if (!check) byTemplate.set(template.id, (check = attributeChecker(template.attributes)));
    return check;
  };
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** The clusters of the elements found. */
function clusterIdsOf(facts: (LiveFacts | null)[]): number[] {
  const ids = new Set<number>();
  for (const fact of facts) if (fact) ids.add(fact.clusterId);
  return [...ids];
}

/** What a write is, for its live-edit event, when not the write's own name (an import, a route). */
export interface WriteOptions {
  cause?: ElementChangeCause;
}

const byOf = (user: UserRecord) => ({ id: user.id, name: user.name });

export function createElementsService(db: Database, events: ElementEvents = noElementEvents) {
  /**
   * Runs a write in a transaction, again if another writer changed its elements meanwhile or
   * PostgreSQL chose it to break a deadlock. What the attempt that committed noted (`note`)
   * is published once the transaction is over, never inside it.
   */
  async function retrying<T>(
    write: (tx: Queryable, note: (commit: ElementCommit) => void) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const noted: { commit?: ElementCommit } = {};
      try {
        const result = await db.transaction((tx) => write(tx, (commit) => (noted.commit = commit)));
        if (noted.commit) events.committed(noted.commit);
        return result;
      } catch (error) {
        if (isDeadlock(error)) {
          if (attempt >= ATTEMPTS) throw new AppError(409, 'CONFLICT', 'elements.busy');
          continue;
        }
        if (!(error instanceof ConcurrentChange)) throw error;
        if (attempt >= ATTEMPTS) {
          throw versionConflict(JSON.parse(await repo.byIdsJson(db, error.ids)) as MapElement[]);
        }
      }
    }
  }

  /** The live elements of this type asked for, in order; the others are problems by index. */
  async function liveFacts<T extends LiveFacts>(
    type: ElementType,
    ids: number[],
    problems: IndexedProblem[],
    find: Promise<(T | null)[]>,
  ): Promise<(T | null)[]> {
    const facts = await find;
    facts.forEach((fact, index) => {
      if (!fact) {
        problems.push({
          index,
          field: 'id',
          key: 'elements.notFound',
          vars: { type: type.displayName, id: ids[index] ?? 0 },
        });
      }
    });
    return facts;
  }

  /** Fails the write (to be retried) unless every element was at the version checked. */
  async function assertAllWritten(
    tx: Queryable,
    written: number,
    items: { id: number; version: number }[],
  ) {
    if (written !== items.length) throw new ConcurrentChange(await repo.movedOn(tx, items));
  }

  return {
    /** Elements in the API shape, as JSON text built by PostgreSQL, in the order asked. */
    elementsJson: (ids: number[]) => repo.byIdsJson(db, ids),

    clusterJson: (
      user: UserRecord,
      type: ElementType,
      clusterId: number,
      shape?: ClusterShape,
      known?: string,
    ) => readCluster(db, user, type, clusterId, shape, known),

    async create(
      user: UserRecord,
      type: ElementType,
      items: CreateElementBody[],
      single = false,
      options: WriteOptions = {},
    ): Promise<ElementAck[]> {
      assertMayWriteElements(user);
      return retrying(async (tx, note) => {
        const clusterIds = unique(items.map((item) => item.clusterId));
        // Lock the clusters first: one deleted meanwhile is a 404, not a foreign key error.
        for (const id of clusterIds) await lockRow(tx, 'clusters', id, 'share');
        const clusters = await assertEditable(tx, user, clusterIds);
        const problems: IndexedProblem[] = [];
        // A create sent again (its answer was lost) answers what the first one made.
        const madeBefore = await createdBefore(tx, user, type, items, problems);
        const templates = await resolveTemplates(
          tx,
          type,
          items.map((item, index) =>
            madeBefore[index]
              ? undefined
              : {
                  projectId: clusters.get(item.clusterId)?.projectId ?? 0,
                  templateId: item.templateId,
                },
          ),
          problems,
        );
        const checkerOf = checkers();
        const rows: NewElementRow[] = [];
        const rings: { index: number; ewkb: string }[] = [];
        items.forEach((item, index) => {
          if (madeBefore[index]) return;
          const geometry = geometryFor(type.geometry, item.coordinates);
          if ('key' in geometry) problems.push({ index, ...geometry });
          const template = templates[index];
          if (!template) return;
          const attributes = checkerOf(template)(item.attributes, 'create');
          for (const p of attributes.problems) problems.push({ index, ...p });
          if ('ewkb' in geometry) {
            if (type.geometry === 'polygon') rings.push({ index, ewkb: geometry.ewkb });
            rows.push({
              c: item.clusterId,
              t: template.id,
              n: item.name || attributes.name || '',
              g: geometry.ewkb,
              a: attributes.values,
              ...(item.clientKey ? { k: item.clientKey } : {}),
            });
          }
        });
        await checkRings(tx, rings, problems);
        if (problems.length) throw itemsInvalid(problems, single);

        await nameUnnamed(tx, type, clusters, rows);
        let written = { ids: [] as number[], at: '' };
        // Nothing is written when every item was made by an earlier request.
        if (rows.length) {
          written = await repo
            .insert(tx, type.internalName, rows, user.id)
            .catch(lostToAnotherWriter);
          await touchProjects(
            tx,
            [...clusters.values()].map((c) => c.projectId),
          );
          note({
            cause: options.cause ?? 'create',
            by: byOf(user),
            at: written.at,
            changed: rows.map((row, i) => ({
              id: written.ids[i] ?? 0,
              version: 1,
              clusterId: row.c,
              projectId: clusters.get(row.c)?.projectId ?? 0,
            })),
            deleted: [],
          });
        }
        return createAnswers(type, madeBefore, rows, written, user.id);
      });
    },

    async update(
      user: UserRecord,
      type: ElementType,
      items: (UpdateElementBody & { id: number })[],
      single = false,
      options: WriteOptions = {},
    ): Promise<ElementAck[]> {
      assertMayWriteElements(user);
      return retrying(async (tx, note) => {
        const ids = items.map((i) => i.id);
        const problems: IndexedProblem[] = [];
        const facts = await liveFacts(
          type,
          ids,
          problems,
          repo.archiveLive(tx, type.internalName, ids).catch(lostToAnotherWriter),
        );
        if (single && problems.length) throw elementNotFound(type, ids[0] ?? 0);
        const clusters = await assertEditable(tx, user, clusterIdsOf(facts));

        const stale = items.filter(
          (item, index) => item.version !== undefined && item.version !== facts[index]?.version,
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
          items.map((item, index) => {
            const fact = facts[index];
            return fact
              ? {
                  projectId: clusters.get(fact.clusterId)?.projectId ?? 0,
                  templateId: item.templateId ?? fact.templateId,
                }
              : undefined;
          }),
          problems,
        );
        const checkerOf = checkers();
        // One change per element: an id given twice takes both items, the later winning.
        const changes = new Map<number, ElementChange>();
        const rings: { index: number; ewkb: string }[] = [];
        items.forEach((item, index) => {
          const template = templates[index];
          const fact = facts[index];
          if (!template || !fact) return;
          const attributes = checkerOf(template)(item.attributes, 'update');
          for (const p of attributes.problems) problems.push({ index, ...p });
          let ewkb: string | undefined;
          if (item.coordinates) {
            const geometry = geometryFor(type.geometry, item.coordinates);
            if ('key' in geometry) problems.push({ index, ...geometry });
            else {
              ewkb = geometry.ewkb;
              if (type.geometry === 'polygon') rings.push({ index, ewkb });
            }
          }
          const given = Object.keys(attributes.values).length ? attributes.values : undefined;
          const earlier = changes.get(item.id);
          changes.set(item.id, {
            id: item.id,
            v: fact.version,
            n: item.name ?? attributes.name ?? earlier?.n,
            t: item.templateId ?? earlier?.t,
            g: ewkb ?? earlier?.g,
            a: earlier?.a && given ? { ...earlier.a, ...given } : (given ?? earlier?.a),
          });
        });
        await checkRings(tx, rings, problems);
        const remaining = await forgiveRemovedAttributes(tx, ids, problems);
        if (remaining.length) throw itemsInvalid(remaining, single);

        const list = [...changes.values()];
        const { count, at } = await repo.update(tx, type.internalName, list, user.id);
        if (type.internalName === 'Cable') {
          await followCapacity(
            tx,
            list
              .filter((c) => c.a && 'Capacity' in c.a)
              .map((c) => ({ id: c.id, capacity: c.a?.Capacity })),
          );
        }
        await assertAllWritten(
          tx,
          count,
          list.map((c) => ({ id: c.id, version: c.v })),
        );
        await touchProjects(
          tx,
          [...clusters.values()].map((c) => c.projectId),
        );
        const changed = new Map<number, CommittedElement>();
        items.forEach((item, index) => {
          const clusterId = (facts[index] as ArchivedFacts).clusterId;
          changed.set(item.id, {
            id: item.id,
            version: (changes.get(item.id) as ElementChange).v + 1,
            clusterId,
            projectId: clusters.get(clusterId)?.projectId ?? 0,
          });
        });
        note({
          cause: options.cause ?? 'update',
          by: byOf(user),
          at,
          changed: [...changed.values()],
          deleted: [],
        });
        return items.map((item, index) => {
          const change = changes.get(item.id) as ElementChange;
          const fact = facts[index] as ArchivedFacts;
          return {
            id: item.id,
            // A change that gives no name leaves the name it found.
            name: change.n ?? fact.name,
            version: change.v + 1,
            clusterId: fact.clusterId,
            templateId: change.t ?? fact.templateId,
            networkElementId: type.id,
            updatedById: user.id,
            updatedAt: at,
          };
        });
      });
    },

    async delete(
      user: UserRecord,
      type: ElementType,
      ids: number[],
      single = false,
    ): Promise<number[]> {
      assertMayWriteElements(user);
      return retrying(async (tx, note) => {
        const problems: IndexedProblem[] = [];
        const facts = await liveFacts(
          type,
          ids,
          problems,
          repo.liveFacts(tx, type.internalName, ids),
        );
        if (single && problems.length) throw elementNotFound(type, ids[0] ?? 0);
        // The live ones must be the user's to change before the others are named.
        const clusters = await assertEditable(tx, user, clusterIdsOf(facts));
        if (problems.length) throw itemsInvalid(problems, single);
        const versions = new Map(ids.map((id, i) => [id, facts[i]?.version ?? 0]));
        const items = [...versions].map(([id, version]) => ({ id, version }));
        await assertAllWritten(tx, (await repo.setDeleted(tx, items, true, user.id)).count, items);
        await touchProjects(
          tx,
          [...clusters.values()].map((c) => c.projectId),
        );
        const clusterOf = new Map(ids.map((id, i) => [id, facts[i]?.clusterId ?? 0]));
        note({
          cause: 'delete',
          by: byOf(user),
          at: new Date().toISOString(),
          changed: [],
          // The version the delete gave each element (one past the version it deleted).
          deleted: items.map(({ id, version }) => {
            const clusterId = clusterOf.get(id) ?? 0;
            const projectId = clusters.get(clusterId)?.projectId ?? 0;
            return { id, version: version + 1, clusterId, projectId };
          }),
        });
        return ids;
      });
    },

    /**
     * Brings deleted elements back, the same ids and history (an undone delete): for whoever
     * may edit their clusters, as a delete is. One transaction: all come back, or none.
     */
    async restore(
      user: UserRecord,
      type: ElementType,
      ids: number[],
      single = false,
    ): Promise<ElementAck[]> {
      assertMayWriteElements(user);
      return retrying(async (tx, note) => {
        const facts = await repo.factsOf(tx, ids);
        const problems: IndexedProblem[] = [];
        facts.forEach((fact, index) => {
          const id = ids[index] ?? 0;
          if (!fact || fact.type !== type.internalName) {
            problems.push({
              index,
              field: 'id',
              key: 'elements.notFound',
              vars: { type: type.displayName, id },
            });
          }
        });
        if (single && problems.length) throw elementNotFound(type, ids[0] ?? 0);
        const found = facts.flatMap((f) => (f && f.type === type.internalName ? [f] : []));
        // The elements must be the user's to change before anything else is said of them.
        const clusters = await assertEditable(
          tx,
          user,
          found.map((f) => f.clusterId),
        );
        facts.forEach((fact, index) => {
          if (!fact || fact.type !== type.internalName || fact.deleted) return;
          if (single) {
            throw new AppError(409, 'CONFLICT', 'elements.notDeleted', {
              type: type.displayName,
              id: fact.id,
            });
          }
          problems.push({
            index,
            field: 'deleted',
            key: 'elements.notDeleted',
            vars: { type: type.displayName, id: fact.id },
          });
        });
        if (problems.length) throw itemsInvalid(problems, single);
        const items = found.map((f) => ({ id: f.id, version: f.version }));
        const { count, at } = await repo.setDeleted(tx, items, false, user.id);
        await assertAllWritten(tx, count, items);
        await touchProjects(
          tx,
          [...clusters.values()].map((c) => c.projectId),
        );
        // The answer is made from the facts read before: reading thousands of whole elements
        // back would hold the embedded database's one connection for seconds.
        const acks: ElementAck[] = found.map((f) => ({
          id: f.id,
          name: f.name,
          version: f.version + 1,
          clusterId: f.clusterId,
          templateId: f.templateId,
          networkElementId: type.id,
          updatedById: user.id,
          updatedAt: at,
        }));
        note({
          cause: 'restore',
          by: byOf(user),
          at,
          changed: found.map((f) => ({
            id: f.id,
            version: f.version + 1,
            clusterId: f.clusterId,
            projectId: f.projectId,
          })),
          deleted: [],
        });
        return acks;
      });
    },

    async history(user: UserRecord, type: ElementType, id: number) {
      const fact = await repo.oneFacts(db, id);
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
