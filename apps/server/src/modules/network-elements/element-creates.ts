import {
  formatElementName,
  type CreateElementBody,
  type ElementAck,
  type ElementType,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { IndexedProblem } from './element-errors.ts';
import type { ClusterFacts } from './element-writes.ts';
import {
  elementsRepository as repo,
  type CreatedBefore,
  type NewElementRow,
} from './elements.repository.ts';

/** What a create needs beyond the checks of every write: client keys, naming, its answer. */

/**
 * Per item, the element this user already created with the item's client key, if any. A
 * key given twice in one request is a problem of its second item: both cannot be made.
 */
export async function createdBefore(
  tx: Queryable,
  user: UserRecord,
  type: ElementType,
  items: CreateElementBody[],
  problems: IndexedProblem[],
): Promise<(CreatedBefore | undefined)[]> {
  const firstIndex = new Map<string, number>();
  items.forEach(({ clientKey }, index) => {
    if (clientKey === undefined) return;
    if (!firstIndex.has(clientKey)) firstIndex.set(clientKey, index);
    else problems.push({ index, field: 'clientKey', key: 'elements.clientKeyRepeated', vars: {} });
  });
  if (!firstIndex.size) return items.map(() => undefined);
  const found = await repo.createdBefore(tx, type.internalName, user.id, [...firstIndex.keys()]);
  const byKey = new Map(found.map((made) => [made.clientKey, made]));
  return items.map(({ clientKey }) => (clientKey ? byKey.get(clientKey) : undefined));
}

/** Unnamed elements are named by their cluster's convention, numbers reserved at once. */
export async function nameUnnamed(
  tx: Queryable,
  type: ElementType,
  clusters: Map<number, ClusterFacts>,
  rows: NewElementRow[],
): Promise<void> {
  const unnamed = new Map<number, NewElementRow[]>();
  for (const row of rows) {
    if (row.n) continue;
    const group = unnamed.get(row.c);
    if (group) group.push(row);
    else unnamed.set(row.c, [row]);
  }
  for (const [clusterId, group] of unnamed) {
    const cluster = clusters.get(clusterId);
    let seq = await repo.reserveSequence(tx, clusterId, type.internalName, group.length);
    for (const row of group) {
      row.n = formatElementName(cluster?.naming ?? { prefix: '', pattern: '{type}-{seq}' }, {
        typeCode: type.code,
        clusterName: cluster?.name ?? '',
        seq: seq++,
      });
    }
  }
}

/**
 * One answer per item, in request order: the element an earlier request made with its key,
 * or the next of the rows just written (`ids` and `at` from the insert).
 */
export function createAnswers(
  type: ElementType,
  madeBefore: (CreatedBefore | undefined)[],
  rows: NewElementRow[],
  written: { ids: number[]; at: string },
  userId: number,
): ElementAck[] {
  const fresh = rows.map((row, i) => ({
    id: written.ids[i] ?? 0,
    name: row.n,
    version: 1,
    clusterId: row.c,
    templateId: row.t,
    updatedById: userId,
    updatedAt: written.at,
  }));
  let next = 0;
  return madeBefore.map((before) => {
    const facts = before ?? (fresh[next++] as (typeof fresh)[number]);
    return {
      id: facts.id,
      name: facts.name,
      version: facts.version,
      clusterId: facts.clusterId,
      templateId: facts.templateId,
      networkElementId: type.id,
      updatedById: facts.updatedById,
      updatedAt: facts.updatedAt,
    };
  });
}
