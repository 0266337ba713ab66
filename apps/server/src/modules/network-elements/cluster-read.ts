import type { ClusterShape, ElementType } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { clusterRows, clusterStamp, expandedJson } from './cluster-json.ts';
import { clusterFacts } from './element-writes.ts';

/**
 * `GET {base}/cluster/{id}`: the full shape of SPEC §3, or flat rows for the map
 * (`?shape=compact`), with an entity tag; `json` is null when the caller already holds the
 * answer of that tag. Readers of the cluster's project only.
 */
export async function readCluster(
  db: Queryable,
  user: UserRecord,
  type: ElementType,
  clusterId: number,
  shape: ClusterShape = 'full',
  known?: string,
): Promise<{ etag: string; json: string | null }> {
  const [cluster] = await clusterFacts(db, [clusterId]);
  await assertReadableVia(
    db,
    user,
    cluster?.projectId,
    () => new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId }),
  );
  const tag = (stamp: string) => `W/"${shape}-${stamp}"`;
  // A caller with an entity tag is asked first whether it changed (the stamp alone);
  // a first load gets the stamp in the same pass as the rows.
  if (known && known === tag(await clusterStamp(db, clusterId, type.internalName))) {
    return { etag: known, json: null };
  }
  const { stamp, json } = await clusterRows(db, clusterId, type.internalName);
  return { etag: tag(stamp), json: shape === 'compact' ? json : expandedJson(json) };
}
