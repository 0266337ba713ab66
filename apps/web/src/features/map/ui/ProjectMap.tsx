import { Anchor, Box, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconZoomIn } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cluster } from '@integration/contracts';
import { useCompact } from '../../../app/useCompact.ts';
import type { BasemapConfig } from '../adapter/basemap.ts';
import { ProjectMapView, type TiledElement } from '../adapter/project-map-view.ts';
import type { MapType } from '../core/interaction.ts';
import { TiledElementModal } from './TiledElementModal.tsx';
import { TiledSearch } from './TiledSearch.tsx';
import { useTilesChanged } from './useTilesChanged.ts';

const HASH_VIEW = /^#[\d.]+\/-?[\d.]+\/-?[\d.]+/;
const OVERLAY = { zIndex: 2, pointerEvents: 'none' } as const;
const CONTROL = { pointerEvents: 'auto' } as const;

interface Props {
  projectId: number;
  projectName: string;
  /** From this zoom a cluster is edited: zooming in that far opens the cluster under the centre. */
  editingZoom: number;
  basemaps: BasemapConfig;
  mapType: MapType;
  clusters: Cluster[];
  /** A cluster to open in the editable map, with an element to select there. */
  onOpenCluster: (clusterId: number, elementId?: number) => void;
  /** The cluster being opened underneath, named while it loads. */
  opening: string | null;
  /** Called once the tiles of the first view are drawn. */
  onReady?: (map: ProjectMapView['map']) => void;
  /** Where a project whose tiles hold nothing is (its first cluster's place), else null. */
  locate: () => Promise<{ lat: number; lng: number } | null>;
}

/**
 * The whole project on one map (issue 30): every cluster's network from the vector tiles.
 * Hover and click read the tiles; zooming in to the editing zoom opens the cluster under the
 * view's centre in the editable map, at the same place.
 */
export function ProjectMap({
  projectId,
  projectName,
  editingZoom,
  basemaps,
  mapType,
  clusters,
  onOpenCluster,
  opening,
  onReady,
  locate,
}: Props) {
  const { t } = useTranslation();
  const compact = useCompact();
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ProjectMapView | null>(null);
  const [ready, setReady] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [detail, setDetail] = useState<TiledElement | null>(null);
  const openCluster = useRef(onOpenCluster);
  const readyCallback = useRef(onReady);
  useEffect(() => {
    openCluster.current = onOpenCluster;
    readyCallback.current = onReady;
  });

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const addressNamesView = HASH_VIEW.test(window.location.hash);
    const projectView = new ProjectMapView({ container: host, basemaps, projectId, mapType });
    const map = projectView.map;
    setView(projectView);
    let live = true;
    // Moves the page makes itself (framing, showing a searched element) open no cluster.
    let framing = true;
    const fit = (box: [number, number, number, number]) =>
      map.fitBounds(
        [
          [box[0], box[1]],
          [box[2], box[3]],
        ],
        { padding: 40, animate: false, maxZoom: editingZoom - 0.5 },
      );
    const countInView = () => setCount(projectView.inView().length);
    const openAtCentre = () => {
      if (framing || map.getZoom() < editingZoom) return;
      const cluster = projectView.clusterAtCentre();
      if (cluster !== null) openCluster.current(cluster);
    };
    void (async () => {
      await projectView.ready;
      if (!live) return;
      if (!addressNamesView) {
        // Framed on what the tiles hold: from the world's tiles first, then closer ones.
        map.jumpTo({ center: [0, 20], zoom: 1 });
        await projectView.settled();
        for (let pass = 0; pass < 2 && live; pass++) {
          const box = projectView.loadedBounds();
          if (!box) break;
          fit(box);
          await projectView.settled();
        }
        // Nothing drawn yet anywhere in the project: where its clusters are, short of editing.
        const home = projectView.loadedBounds() ? null : await locate().catch(() => null);
        if (home && live) {
          map.jumpTo({ center: [home.lng, home.lat], zoom: editingZoom - 1 });
          await projectView.settled();
        }
      } else {
        await projectView.settled();
      }
      if (!live) return;
      framing = false;
      countInView();
      map.on('idle', countInView);
      map.on('moveend', openAtCentre);
      // Right after a zoom the closer tiles may still be loading, with nothing under the centre
      // yet: looked at again once they are drawn.
      map.on('idle', openAtCentre);
      setReady(true);
      readyCallback.current?.(map);
      openAtCentre();
    })();
    map.on('mousemove', (e) => projectView.setHover(projectView.pick(e.point)[0] ?? null));
    map.on('mouseout', () => projectView.setHover(null));
    map.on('click', (e) => {
      const picked = projectView.pick(e.point, 10)[0] ?? null;
      projectView.setSelected(picked);
      setDetail(picked);
    });
    return () => {
      live = false;
      projectView.destroy();
    };
    // Built once per mount (the page keys it by project).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useTilesChanged(projectId, view ? (boxes) => view.refresh(boxes) : null);

  const clusterName = (id: number) => clusters.find((c) => c.id === id)?.name ?? `#${id}`;
  const show = (e: TiledElement) => {
    if (!view) return;
    view.setSelected(e);
    setDetail(e);
    // Close enough to see it, short of the editing zoom (which would open its cluster).
    view.map.flyTo({
      center: [e.at.lng, e.at.lat],
      zoom: Math.min(Math.max(view.map.getZoom(), 15), editingZoom - 0.5),
    });
  };

  return (
    <Box pos="absolute" inset={0} data-project-map>
      <Box
        ref={container}
        pos="absolute"
        inset={0}
        role="region"
        aria-label={t('map.tiles.canvas')}
        data-ready={ready ? 'true' : 'false'}
      />
      <Stack
        pos="absolute"
        top={8}
        left={8}
        right={compact ? 64 : undefined}
        gap={8}
        align="flex-start"
        style={OVERLAY}
      >
        <Group gap={8} align="flex-start" style={OVERLAY}>
          <Paper shadow="sm" px={10} py={4} radius="md" withBorder style={CONTROL} maw="100%">
            <Group
              component="nav"
              aria-label={t('map.tiles.where')}
              gap={4}
              wrap="nowrap"
              style={{ minWidth: 0 }}
            >
              <Tooltip label={t('map.tiles.change')}>
                <Anchor component={Link} to="/project" size="sm" truncate="end" maw={180}>
                  {projectName}
                </Anchor>
              </Tooltip>
              <IconChevronRight size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" fw={600} aria-current="page" style={{ whiteSpace: 'nowrap' }}>
                {t('map.tiles.title')}
              </Text>
            </Group>
          </Paper>
          {view ? (
            <Box style={CONTROL} w={compact ? '100%' : undefined}>
              <TiledSearch view={view} onChoose={show} w={compact ? '100%' : 260} />
            </Box>
          ) : null}
        </Group>
        {count !== null ? (
          <Paper shadow="xs" px={8} py={2} radius="md" withBorder style={CONTROL}>
            <Text size="xs" role="status" aria-live="polite">
              {t('map.tiles.inView', { count })}
            </Text>
          </Paper>
        ) : null}
      </Stack>
      {ready ? (
        <Box
          pos="absolute"
          left={0}
          right={0}
          bottom={compact ? 48 : 40}
          style={{ zIndex: 2, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
        >
          <Paper shadow="sm" radius="xl" px="md" py={6} withBorder>
            <Group gap={6} wrap="nowrap">
              {opening ? <Loader size="xs" /> : <IconZoomIn size={16} aria-hidden />}
              <Text size="sm" fw={500} role="note" style={{ whiteSpace: 'nowrap' }}>
                {opening ? t('map.tiles.opening', { cluster: opening }) : t('map.tiles.zoomToEdit')}
              </Text>
            </Group>
          </Paper>
        </Box>
      ) : (
        <Box pos="absolute" top="50%" left="50%" style={{ zIndex: 2 }}>
          <Loader aria-label={t('map.loading')} />
        </Box>
      )}
      <TiledElementModal
        element={detail}
        clusterName={clusterName}
        onClose={() => {
          setDetail(null);
          view?.setSelected(null);
        }}
        onOpenCluster={(e) => {
          setDetail(null);
          openCluster.current(e.cluster, e.id);
        }}
      />
    </Box>
  );
}
