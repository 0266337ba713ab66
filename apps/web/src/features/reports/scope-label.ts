import type { QueryClient } from '@tanstack/react-query';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import type { RunScope } from './reports.api.ts';

type Named = { id: number; name: string }[];

/**
 * The names of a run's scope ("Nairobi CBD › CO Nairobi Central › CBD-01"), from the lists the
 * scope pickers already fetched, so a printed or shared screen says what it covers.
 */
export function scopeLabel(queryClient: QueryClient, scope: RunScope): string {
  const nameIn = (key: readonly unknown[], id: number | undefined) =>
    id === undefined
      ? undefined
      : queryClient.getQueryData<Named>(key)?.find((r) => r.id === id)?.name;
  const clusters = scope.centralOfficeId
    ? hierarchyKeys.clustersOfCentralOffice(scope.centralOfficeId)
    : hierarchyKeys.clustersOfProject(scope.projectId);
  return [
    nameIn(hierarchyKeys.projects(), scope.projectId),
    nameIn(hierarchyKeys.centralOffices(scope.projectId), scope.centralOfficeId),
    nameIn(clusters, scope.clusterId),
  ]
    .filter(Boolean)
    .join(' › ');
}
