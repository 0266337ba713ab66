import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BomScope } from './bom-scope.ts';
import { costsApi, costsKeys } from './costs.api.ts';

/**
 * The bill of a scope. While another scope's bill is counted the last one stays on screen
 * (marked as such) rather than the page collapsing to a spinner.
 */
export function useBom(scope: BomScope | null) {
  return useQuery({
    queryKey: scope ? costsKeys.bom(scope) : ['costs', 'bom', 'none'],
    queryFn: () => costsApi.bom(scope as BomScope),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });
}

/** The project's price book, shared by the editor and the bill's currency. */
export function usePriceBook(projectId: number | null) {
  return useQuery({
    queryKey: costsKeys.prices(projectId ?? 0),
    queryFn: () => costsApi.prices(projectId ?? 0),
    enabled: projectId !== null,
  });
}
