import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Feature, FeatureCollection } from 'geojson';
import {
  ELEMENT_TYPES,
  VISIBILITY_THROTTLE_MS,
  type ElementTypeName,
  type LatLng,
} from '@integration/contracts';
import { isPoint, type EditorElement } from '../core/editor-element.ts';
import type { CollectionDiff, ElementCollection } from '../core/element-collection.ts';
import type { MapType } from '../core/interaction.ts';
import { addOfflineLayer, OFFLINE_MAX_ZOOM, showBasemap, type BasemapConfig } from './basemap.ts';
import { createMap, removeMap } from './create-map.ts';
import { defaultIconUrl, sourceOf, type SourceId } from './element-features.ts';
import { allElementLayers, PICKABLE_LAYERS } from './element-layers.ts';
import { SELECTION_RING, selectionRing, SPREAD_ZOOM } from './marker-layers.ts';
import { MarkerSpread } from './marker-spread.ts';
import { OverviewSource } from './overview-layers.ts';
import { addLoadedIcons, loadIcons, type LoadedIcon } from './icon-images.ts';
import { overlayLayers, type OVERLAY_SOURCES } from './overlay-layers.ts';
import { applyLayerState } from './layer-visibility.ts';
import {
  addViewSources,
  closeUpSources,
  ELEMENT_SOURCES,
  empty,
  HOVER_SOURCE,
  SELECTION_SOURCE,
  type CloseUpSource,
} from './view-sources.ts';

maplibregl.setWorkerUrl(workerUrl);

export interface MapViewOptions {
  container: HTMLElement;
  basemaps: BasemapConfig;
  /** Elements show from the project zoom minus one (SPEC §4). */
  minzoom: number;
  /** MapLibre's own texts (control tooltips); by default from the app's language. */
  locale?: Record<string, string>;
}

/**
 * The MapLibre side of the editor: element sources and layers generated from the registry,
 * base layers, hit testing. Everything is drawn by MapLibre layers (no DOM markers), so
 * large clusters stay smooth.
 */
export class MapView {
  readonly map: maplibregl.Map;
  /** Resolves once the style, icons, sources and layers are in place. */
  readonly ready: Promise<void>;
  private layerState: Partial<Record<ElementTypeName, boolean>> = {};
  private visibilityTimer: ReturnType<typeof setTimeout> | undefined;
  private selected: EditorElement[] = [];
  private hovered: number | null = null;
  /** The elements last drawn. */
  private drawn: ElementCollection | null = null;
  private readonly closeUp: CloseUpSource[];
  /** Markers at one spot, spread apart close up (marker-spread.ts). */
  private readonly spread = new MarkerSpread();
  /** Below the editing zoom: markers as clusters and dots (overview-layers.ts). */
  private readonly overview: OverviewSource;

  constructor(private readonly options: MapViewOptions) {
    this.map = createMap(options.container, options.locale);
    this.closeUp = closeUpSources(options.minzoom);
    this.overview = new OverviewSource(
      this.map,
      options.minzoom,
      () => this.drawn?.visible() ?? null,
      (type) => this.layerState[type] !== false,
    );
    this.map.on('zoomend', () => {
      this.spreadIfShown();
      this.drawCloseUpIfShown();
      this.overview.drawIfShown();
    });
    // The icons load while the style does.
    const icons = loadIcons([
      ...ELEMENT_TYPES.filter((t) => t.geometry === 'point').map((t) => defaultIconUrl(t.segment)),
      '/api/icons/house.svg?width=30',
    ]);
    this.ready = new Promise((resolve) => {
      // Note: not the first `idle`, which waits for base tiles of a view about to be left.
      this.map.once('load', () => {
        performance.mark('map:style-loaded');
        void this.setUp(icons).then(() => {
          performance.mark('map:layers-ready');
          resolve();
        });
      });
    });
  }

  private async setUp(icons: Promise<LoadedIcon[]>) {
    addLoadedIcons(this.map, await icons);
    this.map.addImage(SELECTION_RING, selectionRing(), { pixelRatio: 2 });
    addViewSources(this.map, this.options.minzoom);
    for (const layer of allElementLayers(this.options.minzoom)) this.map.addLayer(layer);
    for (const layer of overlayLayers()) this.map.addLayer(layer);
  }

  /** Resolves at the next `idle`: everything asked for so far is drawn. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.map.once('idle', () => resolve());
      this.map.triggerRepaint();
    });
  }

  setMapType(type: MapType): void {
    showBasemap(this.map, this.options.basemaps, type);
  }

  /**
   * Once the view is set: the base tiles, and from then on the offline layer whenever the
   * view is zoomed out (before, the world-wide first view would fetch both for nothing).
   */
  showBaseLayers(type: MapType): void {
    this.setMapType(type);
    const offlineIfZoomedOut = () => {
      if (this.map.getZoom() < OFFLINE_MAX_ZOOM) addOfflineLayer(this.map, this.options.basemaps);
    };
    offlineIfZoomedOut();
    this.map.on('zoomend', offlineIfZoomedOut);
  }

  private source(id: string) {
    return this.map.getSource<maplibregl.GeoJSONSource>(id);
  }

  /** Draw the whole collection (after a load). */
  showAll(collection: ElementCollection): void {
    const data: Record<SourceId, Feature[]> = {
      points: [],
      cables: [],
      zones: [],
      affectation: [],
      labels: [],
    };
    this.spread.reset(this.map.getZoom() >= SPREAD_ZOOM ? collection.visible() : null);
    for (const e of collection.visible()) {
      const feature = this.featureOf(e);
      if (feature) data[sourceOf(e)].push(feature);
    }
    for (const id of ELEMENT_SOURCES) {
      this.source(id)?.setData({ type: 'FeatureCollection', features: data[id] });
    }
    this.drawn = collection;
    for (const source of this.closeUp) source.drawn = false;
    this.drawCloseUpIfShown();
    this.overview.reset();
    // Note: not at once. The map still shows its first, world-wide view, which the page is
    // about to frame on the cluster: an overview built for it would be thrown away.
    this.map.once('idle', () => this.overview.drawIfShown());
  }

  /** An element's feature, placed in its spot where it shares one with other markers. */
  private featureOf(e: EditorElement): Feature | null {
    return this.spread.featureOf(e);
  }

  private labelsOf(e: EditorElement): Feature[] {
    return this.spread.labelsOf(e);
  }

  /** Work out the spots shared by several markers, the first time the view is close enough. */
  private spreadIfShown(): void {
    const drawn = this.drawn;
    if (!drawn || this.spread.active || this.map.getZoom() < SPREAD_ZOOM) return;
    this.redrawSpread(this.spread.start(drawn.visible()), drawn);
  }

  /** Draw again the markers (and names) whose spread changed. */
  private redrawSpread(fids: number[], collection: ElementCollection): void {
    if (fids.length === 0) return;
    const elements = fids.flatMap((fid) => collection.byFid(fid) ?? []);
    const points = elements.flatMap((e) => this.featureOf(e) ?? []);
    void this.source('points')?.updateData({ remove: fids, add: points });
    if (this.closeUp.find((c) => c.id === 'labels')?.drawn) {
      void this.source('labels')?.updateData({
        remove: fids,
        add: elements.flatMap((e) => this.labelsOf(e)),
      });
    }
  }

  private drawCloseUpIfShown(): void {
    const drawn = this.drawn;
    if (!drawn) return;
    for (const source of this.closeUp) {
      if (source.drawn || this.map.getZoom() < source.from) continue;
      source.drawn = true;
      const features = [...drawn.visible()].flatMap((e) =>
        source.id === 'labels' ? this.labelsOf(e) : source.features(e),
      );
      this.source(source.id)?.setData({ type: 'FeatureCollection', features });
    }
  }

  /** Update only the features that changed. */
  apply(diff: CollectionDiff, collection: ElementCollection): void {
    if (diff.reset) return this.showAll(collection);
    const changes = new Map<SourceId, { remove: number[]; add: Feature[] }>();
    const of = (id: SourceId) => {
      const c = changes.get(id) ?? { remove: [], add: [] };
      changes.set(id, c);
      return c;
    };
    this.drawn = collection;
    // Close-up sources not drawn yet will be built from the collection as it is then.
    const closeUp = this.closeUp.filter((source) => source.drawn);
    // Neighbours whose spot gained or lost a marker move too.
    const respread = this.spread.update(diff.removed, diff.upserted);
    const points = new Set(
      [...diff.removed, ...diff.upserted].filter((e) => isPoint(e.coordinates)).map((e) => e.fid),
    );
    if (points.size > 0) this.overview.changed();
    for (const e of diff.removed) {
      of(sourceOf(e)).remove.push(e.fid);
      for (const source of closeUp) of(source.id).remove.push(...source.ids(e));
    }
    for (const e of diff.upserted) {
      const target = of(sourceOf(e));
      target.remove.push(e.fid);
      const feature = this.featureOf(e);
      if (feature) target.add.push(feature);
      for (const source of closeUp) {
        of(source.id).remove.push(...source.ids(e));
        of(source.id).add.push(...(source.id === 'labels' ? this.labelsOf(e) : source.features(e)));
      }
    }
    for (const [id, { remove, add }] of changes) void this.source(id)?.updateData({ remove, add });
    this.redrawSpread(
      respread.filter((fid) => !points.has(fid)),
      collection,
    );
  }

  /** Layer checkboxes, applied at most every 50 ms (SPEC §9). */
  setLayers(layers: Record<ElementTypeName, boolean>): void {
    this.layerState = { ...layers };
    clearTimeout(this.visibilityTimer);
    this.visibilityTimer = setTimeout(() => {
      applyLayerState(this.map, this.layerState);
      this.overview.changed();
    }, VISIBILITY_THROTTLE_MS);
  }

  /**
   * Is this element drawn for editing right now (its layer on and the zoom high enough)?
   * Below the editing zoom cables and zones are still drawn and markers shown as clusters,
   * but nothing there is picked: that view is for reading the network, not editing it.
   */
  isVisible(e: Pick<EditorElement, 'type'>): boolean {
    return this.layerState[e.type] !== false && this.canEditAtZoom();
  }

  /** The zoom from which elements are drawn whole, picked and edited (the project's − 1). */
  get editingZoom(): number {
    return this.options.minzoom;
  }

  canEditAtZoom(zoom = this.map.getZoom()): boolean {
    return zoom >= this.options.minzoom;
  }

  /** Called with the zoom as it changes; returns the way to stop. */
  onZoom(listener: (zoom: number) => void): () => void {
    const call = () => listener(this.map.getZoom());
    this.map.on('zoom', call);
    return () => this.map.off('zoom', call);
  }

  /** Zoom in to where elements can be edited (the project zoom), around the same centre. */
  zoomToEdit(): void {
    this.map.easeTo({ zoom: Math.max(this.options.minzoom + 1, this.map.getZoom()) });
  }

  setSelection(elements: EditorElement[]): void {
    for (const e of this.selected) this.setState(e, { selected: false });
    for (const e of elements) this.setState(e, { selected: true });
    this.selected = elements;
    // With their names: a selected (searched) marker names itself, whatever is beside it.
    const markers = elements.flatMap((e) => {
      const feature = isPoint(e.coordinates) ? this.featureOf(e) : null;
      if (!feature) return [];
      if (e.name) feature.properties = { ...feature.properties, name: e.name };
      return [feature];
    });
    this.source(SELECTION_SOURCE)?.setData({ type: 'FeatureCollection', features: markers });
  }

  /**
   * Show the marker under the pointer whole, with its name: where its icon yielded to a more
   * important one, this is how it is seen before it is clicked.
   */
  setHover(e: EditorElement | null): void {
    const fid = e && isPoint(e.coordinates) ? e.fid : null;
    if (fid === this.hovered) return;
    this.hovered = fid;
    const feature = e && fid !== null ? this.featureOf(e) : null;
    // Its name under it, however far out the view is.
    if (feature && e?.name) feature.properties = { ...feature.properties, name: e.name };
    this.source(HOVER_SOURCE)?.setData({
      type: 'FeatureCollection',
      features: feature ? [feature] : [],
    });
  }

  /** Hide an element's own feature while terra-draw draws its editable copy. */
  setEditing(e: EditorElement, editing: boolean): void {
    this.setState(e, { editing });
    // Its name and highlighted copies too, or they would stay behind the dragged one.
    for (const source of [SELECTION_SOURCE, HOVER_SOURCE, 'labels']) {
      this.map.setFeatureState({ source, id: e.fid }, { editing });
    }
  }

  private setState(e: EditorElement, state: Record<string, boolean>) {
    if (this.source(sourceOf(e)))
      this.map.setFeatureState({ source: sourceOf(e), id: e.fid }, state);
  }

  /** Element feature ids under a pixel, nearest layers first. */
  hitTest(point: { x: number; y: number }, tolerance = 6): number[] {
    // Below the editing zoom nothing is picked (isVisible): cables drawn there are for reading.
    if (!this.canEditAtZoom()) return [];
    const layers = PICKABLE_LAYERS.filter((id) => this.map.getLayer(id));
    const features = this.map.queryRenderedFeatures(
      [
        [point.x - tolerance, point.y - tolerance],
        [point.x + tolerance, point.y + tolerance],
      ],
      { layers },
    );
    return [...new Set(features.map((f) => Number(f.id)))];
  }

  fitTo(bounds: [number, number, number, number] | null, animate = false): void {
    if (!bounds) return;
    const [w, s, e, n] = bounds;
    if (w === e && s === n) {
      this.map.jumpTo({ center: [w, s], zoom: 17 });
      return;
    }
    this.map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, animate, maxZoom: 18 },
    );
  }

  flyTo(at: LatLng, zoom = 18): void {
    this.map.flyTo({ center: [at.lng, at.lat], zoom: Math.max(zoom, this.map.getZoom()) });
  }

  /** Drawn aids: measurements, snap targets, an import preview. */
  setOverlay(id: (typeof OVERLAY_SOURCES)[number], data: FeatureCollection | null): void {
    this.source(id)?.setData(data ?? empty());
  }

  destroy(): void {
    clearTimeout(this.visibilityTimer);
    this.overview.destroy();
    removeMap(this.map);
  }
}
