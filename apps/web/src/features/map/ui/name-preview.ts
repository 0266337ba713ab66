import { useQuery } from '@tanstack/react-query';
import {
  elementTypeByName,
  formatElementName,
  type ElementTypeName,
  type NamingConvention,
} from '@integration/contracts';
import { clustersApi } from '../../clusters/clusters.api.ts';
import { hierarchyKeys } from '../../hierarchy/hierarchy.api.ts';
import { useMapSession } from './editor-context.ts';

const SEQ = /\{seq(?::[1-9])?\}/g;

/**
 * What the server will name a new element, its number left open: 'NBO-POL-…' for the
 * default convention. Shown in an unsaved element's empty Name field.
 */
export function namePreview(
  convention: NamingConvention,
  type: ElementTypeName,
  clusterName: string,
): string {
  const typeCode = elementTypeByName(type)?.code ?? type;
  return formatElementName(
    { ...convention, pattern: convention.pattern.replace(SEQ, '…') },
    { typeCode, clusterName, seq: 0 },
  );
}

/** The open cluster's name preview for a type, from the cluster the map page loaded. */
export function useNamePreview(type: ElementTypeName): string | null {
  const { editor } = useMapSession();
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(editor.clusterId),
    queryFn: () => clustersApi.get(editor.clusterId),
    // Already loaded by the map page: no request of its own.
    staleTime: Infinity,
  });
  const convention = cluster.data?.namingConvention;
  return convention ? namePreview(convention, type, cluster.data?.name ?? '') : null;
}
