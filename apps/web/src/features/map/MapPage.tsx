import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DEFAULT_PROJECT_ZOOM } from '@integration/contracts';
import { notify } from '../../app/notify.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { clustersApi } from '../clusters/clusters.api.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { openingBasemap } from './adapter/basemap.ts';
import { keepViewOnNextRemove } from './adapter/create-map.ts';
import { OPEN_CLUSTER_MIN_ZOOM } from './adapter/project-tiles-layers.ts';
import { parseMapType } from './core/interaction.ts';
import { useBasemaps } from './useBasemaps.ts';
import { MapWorkspace } from './ui/MapWorkspace.tsx';
import { WHOLE_PROJECT_SEARCH } from './whole-project.ts';
import { ProjectMap } from './ui/ProjectMap.tsx';

/**
 * `/project/map`: the selected project's cluster on the map (SPEC §2), or with `?view=project`
 * the whole project from its vector tiles. Going from one to the other keeps the camera: the
 * map being opened loads under the one shown, which stays until the new one is drawn.
 */
export function MapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, clusterId, open } = useWorkspace();
  const [params] = useSearchParams();
  const wholeProject = params.get('view') === 'project';
  // From the whole project: the cluster loading under its map (and an element to select).
  const [opening, setOpening] = useState<{ clusterId: number; elementId?: number } | null>(null);
  // Back to the whole project: the cluster map stays under it until its tiles are drawn.
  const [leaving, setLeaving] = useState<number | null>(null);
  const projectMap = useRef<MapLibreMap | null>(null);
  const shownCluster = wholeProject ? (opening?.clusterId ?? leaving) : clusterId;
  const project = useQuery({
    queryKey: hierarchyKeys.project(projectId),
    queryFn: () => hierarchyApi.project(projectId ?? 0),
    enabled: projectId !== null,
  });
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(shownCluster),
    queryFn: () => clustersApi.get(shownCluster ?? 0),
    enabled: shownCluster !== null,
  });
  const clusters = useQuery({
    queryKey: hierarchyKeys.clustersOfProject(projectId ?? 0),
    queryFn: () => hierarchyApi.clustersOfProject(projectId ?? 0),
    enabled: projectId !== null && wholeProject,
  });
  const basemaps = useBasemaps();

  const queryClient = useQueryClient();
  const wanted = useRef<number | null>(null);
  /**
   * Opens a cluster under the whole project's map once it is read; one that cannot be (no
   * access, gone) leaves the whole project as it was.
   */
  const openCluster = (id: number, elementId?: number) => {
    if (wanted.current === id && !elementId) return;
    wanted.current = id;
    void queryClient
      .fetchQuery({ queryKey: hierarchyKeys.cluster(id), queryFn: () => clustersApi.get(id) })
      .then(
        () => {
          if (wanted.current === id)
            setOpening({ clusterId: id, ...(elementId ? { elementId } : {}) });
        },
        () => {
          wanted.current = null;
          notify.error(t('map.toast.loadFailed'));
        },
      );
  };

  if (!projectId || (!clusterId && !wholeProject)) {
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
  if (!project.data || !basemaps.data || (!wholeProject && !cluster.data)) {
    return (
      <Center h="calc(100vh - 56px)">
        <Loader aria-label={t('map.loading')} />
      </Center>
    );
  }
  const projectZoom = project.data.zoom || DEFAULT_PROJECT_ZOOM;
  const editingZoom = Math.max(projectZoom - 1, OPEN_CLUSTER_MIN_ZOOM);
  const hash = () => window.location.hash;

  /** The cluster map opened from the whole project is drawn: it takes over, at the same place. */
  const clusterReady = (map: MapLibreMap) => {
    if (!wholeProject || !opening || opening.clusterId !== cluster.data?.id) return;
    const from = projectMap.current;
    // An element asked for is shown where it is (the cluster map frames it); otherwise the
    // cluster map takes over at the very place the whole project's map was.
    const samePlace = from && !opening.elementId;
    if (samePlace) {
      map.jumpTo({
        center: from.getCenter(),
        zoom: from.getZoom(),
        bearing: from.getBearing(),
        pitch: from.getPitch(),
      });
    }
    open(projectId, opening.clusterId);
    wanted.current = null;
    if (samePlace) keepViewOnNextRemove();
    // Note: `opening` stays until the way back: the address changes in a transition, after the
    // store's update, and the cluster must stay shown in between.
    void navigate({ search: '', hash: hash() }, { replace: true });
  };

  const mapType = () => {
    try {
      const asked = params.get('mapType');
      if (asked) return parseMapType(asked);
    } catch {
      // An unknown map type: the project's own.
    }
    return openingBasemap(project.data.basemap, basemaps.data);
  };

  return (
    <Box pos="relative" h="calc(100vh - 56px)">
      {shownCluster !== null && cluster.data?.id === shownCluster ? (
        <MapWorkspace
          key={`${projectId}:${shownCluster}`}
          projectId={projectId}
          projectName={project.data.name}
          cluster={cluster.data}
          projectZoom={projectZoom}
          basemaps={basemaps.data}
          projectBasemap={project.data.basemap}
          requestedMapType={params.get('mapType')}
          // A read-only map never starts on a drawing tool, whatever the address asks.
          requestedTool={cluster.data.canEdit === false ? null : params.get('tool')}
          requestedElement={opening?.elementId ?? (Number(params.get('element')) || null)}
          onReady={clusterReady}
          onWholeProject={() => {
            setLeaving(shownCluster);
            setOpening(null);
            wanted.current = null;
            void navigate({ search: WHOLE_PROJECT_SEARCH, hash: hash() });
          }}
        />
      ) : null}
      {wholeProject ? (
        <Box pos="absolute" inset={0} style={{ zIndex: 3 }}>
          <ProjectMap
            key={projectId}
            projectId={projectId}
            projectName={project.data.name}
            editingZoom={editingZoom}
            basemaps={basemaps.data}
            mapType={mapType()}
            clusters={clusters.data ?? []}
            opening={
              opening
                ? (clusters.data?.find((c) => c.id === opening.clusterId)?.name ??
                  t('map.tiles.openingCluster'))
                : null
            }
            onOpenCluster={openCluster}
            locate={async () => {
              const list = await queryClient.fetchQuery({
                queryKey: hierarchyKeys.clustersOfProject(projectId),
                queryFn: () => hierarchyApi.clustersOfProject(projectId),
              });
              const first = list[0];
              return first ? ((await clustersApi.get(first.id)).location ?? null) : null;
            }}
            onReady={(map) => {
              projectMap.current = map;
              if (leaving !== null) keepViewOnNextRemove();
              setLeaving(null);
              setOpening(null);
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
