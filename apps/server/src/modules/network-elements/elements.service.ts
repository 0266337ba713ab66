import { sql } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  formatElementName,
  type CreateElementBody,
  type ElementAck,
  type ElementTemplate,
  type ElementType,
  type MapElement,
  type NamingConvention,
  type UpdateElementBody,
} from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { assertAdmin, canEditCluster, visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { hierarchyRepository } from '../hierarchy/hierarchy.repository.ts';
import { templatesRepository } from '../templates/templates.repository.ts';
import type { UserRecord } from '../users/users.repository.ts';
import {
  elementNotFound,
  itemsInvalid,
  missingCluster,
  versionConflict,
  type IndexedProblem,
} from './element-errors.ts';
import { checkAttributes, geometryFor } from './element-validation.ts';
import {
  elementsRepository as repo,
  type AckRow,
  type ElementChange,
  type ElementFacts,
  type NewElementRow,
} from './elements.repository.ts';

interface ClusterFacts {
  id: number;
  name: string;
  projectId: number;
  naming: NamingConvention;
}

const clusterFacts = (db: Queryable, ids: number[]) =>
  db.rows<ClusterFacts>(sql`
    SELECT c.id, c.name, co.project_id AS "projectId",
           json_build_object('prefix', c.naming_prefix, 'pattern', c.naming_pattern) AS naming
    FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);

/** Every cluster must exist and be editable by the user, or nothing happens. */
async function assertEditable(
  db: Queryable,
  user: UserRecord,
  clusterIds: number[],
): Promise<Map<number, ClusterFacts>> {
  const unique = [...new Set(clusterIds)];
  const clusters = new Map((await clusterFacts(db, unique)).map((c) => [c.id, c]));
  for (const id of unique) {
    if (!clusters.has(id)) throw missingCluster(user.role === 'admin', id);
    if (!(await canEditCluster(db, user, id))) throw forbidden();
  }
  return clusters;
}

/** The template each item asks for (checked against project and type), or the default. */
async function resolveTemplates(
  db: Queryable,
  type: ElementType,
  wanted: { index: number; projectId: number; templateId?: number }[],
  problems: IndexedProblem[],
): Promise<Map<number, ElementTemplate>> {
  const projectIds = [...new Set(wanted.map((w) => w.projectId))];
  await templatesRepository.ensureDefaults(db, projectIds);
  const asked = await templatesRepository.byIds(db, [
    ...new Set(wanted.flatMap((w) => w.templateId ?? [])),
  ]);
  const byId = new Map(asked.map((t) => [t.id, t]));
  const defaults = new Map(
    (await templatesRepository.defaultsOf(db, projectIds, type.internalName)).map((t) => [
      t.projectId,
      t,
    ]),
  );
  const result = new Map<number, ElementTemplate>();
  for (const w of wanted) {
    const template =
      w.templateId === undefined ? defaults.get(w.projectId) : byId.get(w.templateId);
    if (!template || template.projectId !== w.projectId || template.type !== type.internalName) {
      problems.push({
        index: w.index,
        field: 'templateId',
        key: 'elements.templateMismatch',
        vars: { id: w.templateId ?? '-', type: type.displayName },
      });
    } else {
      result.set(w.index, template);
    }
  }
  return result;
}

// Seven decimals of a degree are about a centimetre: enough to find the spot.
const round7 = (n: number | null) => (n === null ? '?' : Math.round(n * 1e7) / 1e7);

/** PostGIS's verdict on zone outlines, as problems that say where. */
async function checkRings(
  db: Queryable,
  rings: { index: number; geojson: string }[],
  problems: IndexedProblem[],
) {
  for (const ring of await repo.ringProblems(db, rings)) {
    problems.push({
      index: ring.index,
      field: 'coordinates',
      key: 'elements.invalidRing',
      vars: { reason: ring.reason, lat: round7(ring.lat), lng: round7(ring.lng) },
    });
  }
}

async function touchProjects(db: Queryable, projectIds: number[]) {
  for (const id of new Set(projectIds)) await hierarchyRepository.touchProject(db, id);
}

/** The statement's answers, completed with what the service knows, in request order. */
function acksInOrder(
  type: ElementType,
  ids: number[],
  rows: AckRow[],
  placeOf: (id: number) => { clusterId: number; templateId: number } | undefined,
): ElementAck[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const place = placeOf(id);
    return row && place ? [{ ...row, ...place, networkElementId: type.id }] : [];
  });
}

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
