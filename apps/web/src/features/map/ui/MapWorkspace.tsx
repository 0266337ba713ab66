import { Box, Group, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cluster, ElementTypeName } from '@integration/contracts';
import { notify } from '../../../app/notify.ts';
import { openingBasemap, type BasemapConfig } from '../adapter/basemap.ts';
import { MapView } from '../adapter/map-view.ts';
import { ProjectTiles } from '../adapter/project-tiles.ts';
import { OPEN_CLUSTER_MIN_ZOOM } from '../adapter/project-tiles-layers.ts';
import { Editor } from '../core/editor.ts';
import { RouteSearch } from '../core/route-search.ts';
import { routingApi } from '../../routing/routing.api.ts';
import { pointsOf } from '../core/editor-element.ts';
import { boundsOf } from '../core/geo.ts';
import { InvalidChoice, parseDrawTool, parseMapType, type MapType } from '../core/interaction.ts';
import { browserPendingStore } from '../core/pending-store.ts';
import { elementsGateway, loadClusterElements, loadProjectTemplates } from '../map.api.ts';
import { useCompact } from '../../../app/useCompact.ts';
import { MapRealtime } from '../../realtime/MapRealtime.tsx';
import { FibreClusterButtons, FibreClusterMenuItems } from '../../fibre/FibreClusterActions.tsx';
import { DesignScreens } from '../../design/DesignScreens.tsx';
import { ProblemsButton, ProblemsChip, ProblemsMenuItem } from '../../design/ProblemsButton.tsx';
import { BomMapButton, BomMenuItems } from '../../costs/CostsEntries.tsx';
import { CompactMapControls } from './CompactMapControls.tsx';
import { ConflictModal } from './ConflictModal.tsx';
import { DeleteConfirmModal } from './DeleteConfirmModal.tsx';
import { EditingPanel } from './EditingPanel.tsx';
import { MapBottomDock } from './MapBottomDock.tsx';
import { MapContextBar } from './MapContextBar.tsx';
import { MapStatusBar } from './MapStatusBar.tsx';
import { ZoomHint } from './ZoomHint.tsx';
import { ElementDetailModal } from './ElementDetailModal.tsx';
import { ElementSearch } from './ElementSearch.tsx';
import { FileControls } from './FileControls.tsx';
import { MapSessionContext, type MapSession } from './editor-context.ts';
import { MapController } from './map-controller.ts';
import { MapSidePanel } from './MapSidePanel.tsx';
import { MapToolbar } from './MapToolbar.tsx';
import { MeasurePanel } from './MeasurePanel.tsx';
import { RoutePanel } from './RoutePanel.tsx';
import { SelectElementModal } from './SelectElementModal.tsx';
import { SelectionBar } from './SelectionBar.tsx';
import { SnapDialog } from './SnapDialog.tsx';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { useTilesChanged } from './useTilesChanged.ts';

const SYNC_INTERVAL_MS = 30_000;
const OVERLAY = { zIndex: 2, pointerEvents: 'none' } as const;
const CONTROL = { pointerEvents: 'auto' } as const;
const HASH_VIEW = /^#[\d.]+\/-?[\d.]+\/-?[\d.]+/;

interface Props {
  projectId: number;
  projectName: string;
  cluster: Cluster;
  projectZoom: number;
  basemaps: BasemapConfig;
  /** ConfigureProject's base map (null: the first one). */
  projectBasemap: string | null;
  requestedMapType: string | null;
  requestedTool: string | null;
  /** `?element=` of the address: an element to show and select once loaded (a tag's link). */
  requestedElement: number | null;
  /** Called once the cluster is drawn (the whole project's map hands over to it then). */
  onReady?: (map: MapView['map']) => void;
  /** The way to the whole project's map, from the place shown. */
  onWholeProject?: () => void;
}

/**
 * SPEC §5 validations of a map type and a tool asked for in the address. A map type there is
 * the user's own choice; without one (or with a wrong one) the map opens on the project's.
 */
function initialChoices(
  mapType: string | null,
  tool: string | null,
  t: (k: string) => string,
  projectType: MapType,
) {
  let type: MapType = projectType;
  let drawTool = null;
  try {
    if (mapType !== null) type = parseMapType(mapType);
    drawTool = parseDrawTool(tool);
  } catch (error) {
    if (error instanceof InvalidChoice) notify.error(t(error.messageKey));
  }
  return { type, drawTool };
}

/** One open cluster: the engine, the map and the controls around it. */
export function MapWorkspace({
  projectId,
  projectName,
  cluster,
  projectZoom,
  basemaps,
  projectBasemap,
  requestedMapType,
  requestedTool,
  requestedElement,
  onReady,
  onWholeProject,
}: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [session, setSession] = useState<MapSession | null>(null);
  const [pointType, setPointType] = useState<ElementTypeName>('PboFat');
  const [ready, setReady] = useState(false);
  const compact = useCompact();
  // The project's other clusters, from its vector tiles (issue 30).
  const neighbours = useRef<ProjectTiles | null>(null);
  const readyCallback = useRef(onReady);
  useEffect(() => {
    readyCallback.current = onReady;
  });

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const { type, drawTool } = initialChoices(
      requestedMapType,
      requestedTool,
      t,
      openingBasemap(projectBasemap, basemaps),
    );
    // Read before the map exists: it writes its own view into the address at once.
    const addressNamesView = HASH_VIEW.test(window.location.hash);
    const editor = new Editor({
      clusterId: cluster.id,
      loadElements: loadClusterElements,
      loadTemplates: () => loadProjectTemplates(projectId),
      gateway: elementsGateway,
      pending: browserPendingStore(),
      mapType: type,
      events: {
        onSaved: (kind) => notify.success(t(`map.toast.${kind}Saved`)),
        onFailed: (kind, message) => notify.error(t(`map.toast.${kind}Failed`, { message })),
        onGone: (elements) =>
          notify.error(
            t('map.toast.deletedElsewhere', {
              count: elements.length,
              names: elements.map((e) => e.name).join(', '),
            }),
          ),
      },
    });
    const view = new MapView({
      container: host,
      basemaps,
      minzoom: projectZoom - 1,
    });
    // Under the cluster's own layers, without its features (drawn editable as GeoJSON); as the
    // whole project's map draws them up to the zoom a cluster is opened at, faded closer.
    const tiles = new ProjectTiles(view.map, projectId, {
      withoutCluster: cluster.id,
      fadeFrom: Math.max(view.editingZoom, OPEN_CLUSTER_MIN_ZOOM),
      before: 'el-Zone-fill',
    });
    neighbours.current = tiles;
    void view.ready.then(() => {
      if (live) tiles.add();
    });
    const routes = new RouteSearch({ editor, projectId, compute: routingApi.compute });
    const controller = new MapController(editor, view, routes);
    editor.setCanEdit(cluster.canEdit !== false);
    setSession({ editor, controller, view, routes });
    let live = true;
    // Periodic sync, 30 s after the load and after each sync has finished: a large cluster
    // takes seconds to fetch, and a fixed interval would overlap the load and itself.
    let syncTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleSync = () => {
      if (!live) return;
      syncTimer = setTimeout(
        () =>
          void editor
            .sync()
            .catch(() => undefined)
            .finally(scheduleSync),
        SYNC_INTERVAL_MS,
      );
    };
    void (async () => {
      const loaded = editor.load().then(
        () => true,
        () => {
          notify.error(t('map.toast.loadFailed'));
          return false;
        },
      );
      await controller.start();
      const ok = await loaded;
      if (!live) return;
      // Marks of the loading steps, for DevTools and the map benchmark.
      performance.mark('map:elements-drawn');
      const requested = requestedElement ? editor.collection.byId(requestedElement) : undefined;
      // Framed on the element asked for, else on the cluster's elements, unless the address
      // already names a view.
      if (requested) controller.reveal(requested.key);
      else if (!addressNamesView) {
        const all = [...editor.collection.visible()].flatMap((e) => pointsOf(e.coordinates));
        const bounds = boundsOf(all);
        if (bounds) view.fitTo(bounds);
        else {
          // An empty cluster opens where it is (its CO's or project's elements), not elsewhere.
          const home = cluster.location;
          view.map.jumpTo({ zoom: projectZoom, ...(home ? { center: [home.lng, home.lat] } : {}) });
        }
      }
      view.showBaseLayers(editor.get().mapType);
      if (drawTool) editor.setInteraction({ kind: 'draw', tool: drawTool, pointType: 'PboFat' });
      // Ready once the elements are drawn: the end-to-end tests and the benchmark wait for it.
      await view.settled();
      performance.mark('map:idle');
      if (live && ok) {
        setReady(true);
        readyCallback.current?.(view.map);
      }
      scheduleSync();
    })();
    const online = () => void editor.saveNow();
    window.addEventListener('online', online);
    const leave = (event: BeforeUnloadEvent) => {
      if (editor.collection.pending().length === 0) return;
      event.preventDefault();
      event.returnValue = t('map.save.leave');
    };
    window.addEventListener('beforeunload', leave);
    return () => {
      live = false;
      clearTimeout(syncTimer);
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', leave);
      controller.stop();
      tiles.destroy();
      neighbours.current = null;
      routes.dispose();
      view.destroy();
      editor.dispose();
    };
    // The workspace is keyed by project and cluster: it is built once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEditorShortcuts(session);
  useTilesChanged(projectId, (boxes) => neighbours.current?.refresh(boxes));
  const files = (
    <FileControls
      projectId={projectId}
      projectName={projectName}
      clusterId={cluster.id}
      clusterName={cluster.name}
      office={cluster.centralOffice}
    />
  );

  return (
    <Box pos="absolute" inset={0} data-map-workspace>
      <Box
        ref={container}
        pos="absolute"
        inset={0}
        role="region"
        aria-label={t('map.canvas')}
        data-cluster={cluster.name}
        data-ready={ready ? 'true' : 'false'}
      />
      {session ? (
        <MapSessionContext.Provider value={session}>
          {/* Note: the overlay lets clicks through to the map except on its controls. */}
          {compact ? (
            // Clear of the map's zoom buttons at the top right.
            <Stack pos="absolute" top={8} left={8} right={64} gap={8} style={OVERLAY}>
              <Box style={CONTROL}>
                <CompactMapControls
                  pointType={pointType}
                  onPointType={setPointType}
                  files={files}
                  more={
                    <>
                      <FibreClusterMenuItems cluster={cluster} />
                      <ProblemsMenuItem clusterId={cluster.id} />
                      <BomMenuItems projectId={projectId} clusterId={cluster.id} />
                    </>
                  }
                />
              </Box>
              <Stack gap={8} style={CONTROL}>
                <MapContextBar
                  projectName={projectName}
                  clusterName={cluster.name}
                  onWholeProject={onWholeProject}
                />
                <EditingPanel />
                <MeasurePanel />
                <SelectionBar />
              </Stack>
            </Stack>
          ) : (
            <Stack pos="absolute" top={8} left={8} gap={8} align="flex-start" style={OVERLAY}>
              <Group gap={8} align="flex-start" style={OVERLAY}>
                <Box style={CONTROL}>
                  <MapToolbar pointType={pointType} onPointType={setPointType} />
                </Box>
                <Box style={CONTROL}>
                  <ElementSearch />
                </Box>
                <Box style={CONTROL}>{files}</Box>
                <Box style={CONTROL}>
                  <FibreClusterButtons cluster={cluster} />
                </Box>
                <Box style={CONTROL}>
                  <ProblemsButton clusterId={cluster.id} />
                </Box>
                <Box style={CONTROL}>
                  <BomMapButton projectId={projectId} clusterId={cluster.id} />
                </Box>
              </Group>
              <Group gap={8} align="flex-start" style={OVERLAY}>
                <Box style={CONTROL}>
                  <MapSidePanel />
                </Box>
                <Stack gap={8} style={CONTROL}>
                  <MapContextBar
                    projectName={projectName}
                    clusterName={cluster.name}
                    onWholeProject={onWholeProject}
                  />
                  <EditingPanel />
                  <MeasurePanel />
                  <RoutePanel projectId={projectId} clusterId={cluster.id} />
                  <SelectionBar />
                </Stack>
              </Group>
            </Stack>
          )}
          {compact ? (
            // Under the map's zoom buttons, the design problems' count.
            <Box pos="absolute" top={112} right={10} style={{ zIndex: 2 }}>
              <ProblemsChip clusterId={cluster.id} />
            </Box>
          ) : null}
          <ZoomHint />
          <MapBottomDock>
            {/* A phone's Create Route is a sheet above the status bar, not over the map's top. */}
            {compact ? (
              <Box style={CONTROL} px={4}>
                <RoutePanel projectId={projectId} clusterId={cluster.id} sheet />
              </Box>
            ) : null}
            <MapStatusBar projectId={projectId} clusterId={cluster.id} />
          </MapBottomDock>
          {!ready ? (
            <Box pos="absolute" top="50%" left="50%" style={{ zIndex: 2 }}>
              <Loader aria-label={t('map.loading')} />
            </Box>
          ) : null}
          <MapRealtime projectId={projectId} />
          <DesignScreens
            projectId={projectId}
            projectName={projectName}
            clusterId={cluster.id}
            clusterName={cluster.name}
          />
          <ElementDetailModal />
          <SelectElementModal />
          <ConflictModal />
          <DeleteConfirmModal />
          <SnapDialog />
        </MapSessionContext.Provider>
      ) : null}
    </Box>
  );
}
