import { useQuery } from '@tanstack/react-query';
import { clustersApi } from '../clusters/clusters.api.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { hierarchyApi, hierarchyKeys } from './hierarchy.api.ts';
import { EMPTY_SELECTION, type HierarchySelection } from './HierarchySelectors.tsx';

/**
 * The hierarchy down to the project (and the central office of the cluster) chosen on the
 * Project page, so that Manage CO, the cluster screens, QR tags and reports open where the
 * user already is instead of asking for subsidiary, client and main project again. Null while
 * it loads; the empty selection when nothing was chosen or it is no longer the user's.
 */
export function useWorkspaceSelection(): HierarchySelection | null {
  const { projectId, clusterId } = useWorkspace();
  const project = useQuery({
    queryKey: hierarchyKeys.project(projectId),
    queryFn: () => hierarchyApi.project(projectId ?? 0),
    enabled: projectId !== null,
    retry: false,
  });
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(clusterId),
    queryFn: () => clustersApi.get(clusterId ?? 0),
    enabled: clusterId !== null,
    retry: false,
  });
  if (projectId === null || project.isError) return EMPTY_SELECTION;
  if (!project.data || (clusterId !== null && cluster.isPending)) return null;
  const p = project.data;
  const sameProject = cluster.data?.projectId === p.id;
  return {
    subsidiaryId: p.client.subsidiary.id,
    clientId: p.client.id,
    mainProjectId: p.mainProjectId,
    projectId: p.id,
    centralOfficeId: sameProject ? (cluster.data?.centralOfficeId ?? null) : null,
  };
}
