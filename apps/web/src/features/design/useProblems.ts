import { useQuery } from '@tanstack/react-query';
import { designApi, designKeys } from './design.api.ts';

/** The open cluster's problems: one answer shared by the badge and the panel. */
export function useProblems(clusterId: number) {
  return useQuery({
    queryKey: designKeys.problems(clusterId),
    queryFn: () => designApi.problems(clusterId),
  });
}
