import { sql } from 'drizzle-orm';
import type { ElementTemplate, ElementType, NamingConvention } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { forbidden } from '../../http/app-error.ts';
import { canEditCluster } from '../access/access.ts';
import { hierarchyRepository } from '../hierarchy/hierarchy.repository.ts';
import { templatesRepository } from '../templates/templates.repository.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { missingCluster, type IndexedProblem } from './element-errors.ts';
import { intArray } from '../../db/sql-arrays.ts';
import { elementsRepository as repo } from './elements.repository.ts';

/** The checks and lookups that every write of elements goes through. */

export interface ClusterFacts {
  id: number;
  name: string;
  projectId: number;
  naming: NamingConvention;
}

export const clusterFacts = (db: Queryable, ids: number[]): Promise<ClusterFacts[]> =>
  // `= ANY` of an array, not `IN (…)`: no ids (edit/multiple of elements deleted meanwhile)
  // is then no rows, not a syntax error.
  db.rows<ClusterFacts>(sql`
    SELECT c.id, c.name, co.project_id AS "projectId",
           json_build_object('prefix', c.naming_prefix, 'pattern', c.naming_pattern) AS naming
    FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.id = ANY(${intArray(ids)}::int[])`);

/**
 * Only admins and planners write elements: anyone else is refused before any id is looked
 * up, so what they send (ids gone, of another type, unknown) is never answered on its merits.
 */
export function assertMayWriteElements(user: UserRecord): void {
  if (user.role !== 'admin' && user.role !== 'planner') throw forbidden();
}

/** Every cluster must exist and be editable by the user, or nothing happens. */
export async function assertEditable(
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

/**
 * Per item, the template it asks for (checked against its project and the type) or its
 * project's default; undefined, with a problem, where none fits, and for items not asked
 * about (undefined in `wanted`). Defaults are looked up only when an item needs one.
 */
export async function resolveTemplates(
  db: Queryable,
  type: ElementType,
  wanted: ({ projectId: number; templateId?: number } | undefined)[],
  problems: IndexedProblem[],
): Promise<(ElementTemplate | undefined)[]> {
  const templateIds = new Set<number>();
  const needDefaults = new Set<number>();
  for (const w of wanted) {
    if (!w) continue;
    if (w.templateId === undefined) needDefaults.add(w.projectId);
    else templateIds.add(w.templateId);
  }
  const byId = new Map(
    (await templatesRepository.byIds(db, [...templateIds], true)).map((t) => [t.id, t]),
  );
  const defaults = new Map<number, ElementTemplate>();
  if (needDefaults.size) {
    const projectIds = [...needDefaults];
    await templatesRepository.ensureDefaults(db, projectIds);
    for (const t of await templatesRepository.defaultsOf(db, projectIds, type.internalName, true)) {
      defaults.set(t.projectId, t);
    }
  }
  return wanted.map((w, index) => {
    if (!w) return undefined;
    const template =
      w.templateId === undefined ? defaults.get(w.projectId) : byId.get(w.templateId);
    if (template && template.projectId === w.projectId && template.type === type.internalName) {
      return template;
    }
    problems.push({
      index,
      field: 'templateId',
      key: 'elements.templateMismatch',
      vars: { id: w.templateId ?? '-', type: type.displayName },
    });
    return undefined;
  });
}

// Seven decimals of a degree are about a centimetre: enough to find the spot.
const round7 = (n: number | null) => (n === null ? '?' : Math.round(n * 1e7) / 1e7);

/** PostGIS's verdict on zone outlines, as problems that say where. */
export async function checkRings(
  db: Queryable,
  rings: { index: number; ewkb: string }[],
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

export async function touchProjects(db: Queryable, projectIds: number[]) {
  for (const id of new Set(projectIds)) await hierarchyRepository.touchProject(db, id);
}
