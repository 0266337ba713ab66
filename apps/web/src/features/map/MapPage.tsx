import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PROJECT_ZOOM } from '@integration/contracts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { clustersApi } from '../clusters/clusters.api.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { useBasemaps } from './useBasemaps.ts';
import { MapWorkspace } from './ui/MapWorkspace.tsx';

/** `/project/map`: the selected project's cluster on the map (SPEC §2). */
export function MapPage() {
  const { t } = useTranslation();
  const { projectId, clusterId } = useWorkspace();
  const [params] = useSearchParams();
  const project = useQuery({
    queryKey: hierarchyKeys.project(projectId),
    queryFn: () => hierarchyApi.project(projectId ?? 0),
    enabled: projectId !== null,
  });
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(clusterId),
    queryFn: () => clustersApi.get(clusterId ?? 0),
    enabled: clusterId !== null,
  });
  const basemaps = useBasemaps();

  // SPEC §5: element fetches need both a project and a cluster, else no call is made.
  if (!projectId || !clusterId) {
    return (
      <Center h="calc(100vh - 56px)">
        <Stack align="center" gap="xs">
          <Text>{t('map.noCluster')}</Text>
          <Anchor component={Link} to="/project">
            {t('map.chooseCluster')}
          </Anchor>
        </Stack>
      </Center>
    );
  }
  if (!project.data || !cluster.data || !basemaps.data) {
    return (
      <Center h="calc(100vh - 56px)">
        <Loader aria-label={t('map.loading')} />
      </Center>
    );
  }
  return (
    <Box pos="relative" h="calc(100vh - 56px)">
      <MapWorkspace
        key={`${projectId}:${clusterId}`}
        projectId={projectId}
        projectName={project.data.name}
        cluster={cluster.data}
        projectZoom={project.data.zoom || DEFAULT_PROJECT_ZOOM}
        basemaps={basemaps.data}
        projectBasemap={project.data.basemap}
        requestedMapType={params.get('mapType')}
        // A read-only map never starts on a drawing tool, whatever the address asks.
        requestedTool={cluster.data.canEdit === false ? null : params.get('tool')}
        requestedElement={Number(params.get('element')) || null}
      />
    </Box>
  );
}
