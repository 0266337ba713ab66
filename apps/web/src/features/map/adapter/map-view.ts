import * as maplibregl from 'maplibre-gl';
import i18n from 'i18next';
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
import {
  addOfflineLayer,
  addPlaceLabel,
  baseStyle,
  OFFLINE_MAX_ZOOM,
  PLACE_LABEL,
  showBasemap,
  type BasemapConfig,
} from './basemap.ts';
import {
  affectationFeatures,
  affectationIds,
  defaultIconUrl,
  featureOf,
  labelFeatures,
  sourceOf,
  type SourceId,
} from './element-features.ts';
import { allElementLayers, OWN_LAYERS, PICKABLE_LAYERS } from './element-layers.ts';
import {
  affectationFrom,
  LABEL_MIN_ZOOM,
  layerFilter,
  MARKER_LAYERS,
  markerFilter,
  PRIORITY,
  SELECTION_RING,
  selectionRing,
  SPREAD_ZOOM,
} from './marker-layers.ts';
import { Colocation, type Marker, type SpotPlace } from './colocation.ts';
import { mapLocale } from './map-locale.ts';
import { addCountImage, COUNT_IMAGE, OVERVIEW_SOURCE, overviewSource } from './overview-layers.ts';
import { addIcons, addLoadedIcons, loadIcons, type LoadedIcon } from './icon-images.ts';
import { overlayLayers, OVERLAY_SOURCES } from './overlay-layers.ts';

maplibregl.setWorkerUrl(workerUrl);

const ELEMENT_SOURCES: SourceId[] = ['zones', 'cables', 'points', 'affectation', 'labels'];
/** The selected markers, under their halo. */
const SELECTION_SOURCE = 'selection';
/** The marker under the pointer. */
const HOVER_SOURCE = 'hover';
const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * Sources of markers have no tile buffer. MapLibre draws a dot or an icon whole from the one
 * tile holding its point, never from a neighbour's buffer and never clipped at the tile's edge.
 * The default buffer (a quarter tile each side) put each of 100,000 markers in 2.25 tiles on
 * average: every copy cut into its tile and encoded by the worker, then skipped when drawn.
 * Lines and zones are clipped at tile edges and keep MapLibre's default.
 */
const UNBUFFERED = new Set<string>(['points', 'labels', SELECTION_SOURCE, HOVER_SOURCE]);

/**
 * A source drawn only close up whose features are many on a large cluster (a PBO-FAT's Lines
 * of Affectation, the markers' names): it is handed to MapLibre the first time the view gets
 * to its zoom, then kept up to date with the elements.
 */
interface CloseUpSource {
  id: SourceId;
  from: number;
  features(e: EditorElement): Feature[];
  ids(e: EditorElement): number[];
  drawn: boolean;
}

interface TouchZoomInternals {
  _tapDragZoom?: { disable(): void };
}

export interface MapViewOptions {
  container: HTMLElement;
  basemaps: BasemapConfig;
  /** Elements show from the project zoom minus one (SPEC §4). */
  minzoom: number;
  /** MapLibre's own texts (control tooltips); by default from the app's language. */
  locale?: Record<string, string>;
}

/**
 * A spread marker's feature: drawn around its spot's point, naming its place in the spot
 * (read by marker-layers.ts). Its own position stays the element's, for editing.
 */
function placed<F extends Feature>(feature: F, place: SpotPlace): F {
  return {
    ...feature,
    geometry: { type: 'Point', coordinates: [place.at.lng, place.at.lat] },
    properties: { ...feature.properties, spot: place.key },
  };
}

const markerOf = (e: EditorElement): Marker | null =>
  isPoint(e.coordinates) ? { fid: e.fid, at: e.coordinates, order: PRIORITY[e.type] ?? 9 } : null;

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
  /**
   * Markers at one spot, spread apart close up. Worked out the first time the view gets to
   * SPREAD_ZOOM (a pass over every marker), then kept up to date with the elements.
   */
  private colocation: Colocation | null = null;
  /** Whether the overview source holds the elements as they are; rebuilt only when seen. */
  private overviewFresh = false;
  private overviewTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: MapViewOptions) {
    this.map = new maplibregl.Map({
      container: options.container,
      style: baseStyle(),
      center: [36.8219, -1.2864],
      zoom: 3,
      attributionControl: { compact: true },
      doubleClickZoom: false,
      // Markers appear at once: a fade redraws every frame of it, slow with 100,000 icons.
      fadeDuration: 0,
      // The view is kept in the address (#zoom/lat/lng): a link or a reload shows the same place.
      hash: true,
      locale: options.locale ?? mapLocale((key) => i18n.t(key)),
    });
    // Note: no "double tap and drag" zoom on touch screens. A field crew taps a marker to pick
    // it and then drags it; done within half a second, MapLibre took that for this gesture
    // and zoomed instead of moving the marker. Pinch zoom stays. MapLibre has no option for
    // it: the handler is reached through the pinch handler that owns it.
    (this.map.touchZoomRotate as unknown as TouchZoomInternals)._tapDragZoom?.disable();
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: true }), 'top-right');
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    // Place labels and icons named by templates are made when first needed.
    this.map.setMissingStyleImageResolver((id) => {
      if (!id) return;
      if (id.startsWith(PLACE_LABEL)) return addPlaceLabel(this.map, id);
      if (id.startsWith(COUNT_IMAGE)) return addCountImage(this.map, id);
      return addIcons(this.map, [id]);
    });
    // Base tiles that cannot be fetched (offline) are expected: the offline layer shows.
    this.map.on('error', () => undefined);
    this.closeUp = [
      {
        id: 'affectation',
        from: affectationFrom(options.minzoom),
        features: affectationFeatures,
        ids: (e) => (e.type === 'PboFat' ? affectationIds(e) : []),
        drawn: false,
      },
      {
        id: 'labels',
        from: Math.max(options.minzoom, LABEL_MIN_ZOOM),
        features: labelFeatures,
        ids: (e) => (isPoint(e.coordinates) ? [e.fid] : []),
        drawn: false,
      },
    ];
    this.map.on('zoomend', () => {
      this.spreadIfShown();
      this.drawCloseUpIfShown();
      this.drawOverviewIfShown();
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
    for (const id of [...ELEMENT_SOURCES, SELECTION_SOURCE, HOVER_SOURCE, ...OVERLAY_SOURCES]) {
      const buffer = UNBUFFERED.has(id) ? { buffer: 0 } : {};
      this.map.addSource(id, { type: 'geojson', data: empty(), ...buffer });
    }
    this.map.addSource(OVERVIEW_SOURCE, overviewSource(this.options.minzoom));
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
    this.colocation = null;
    if (this.map.getZoom() >= SPREAD_ZOOM) {
      this.colocation = new Colocation();
      this.colocation.reset([...collection.visible()].flatMap((e) => markerOf(e) ?? []));
    }
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
    this.overviewFresh = false;
    // Note: not at once. The map still shows its first, world-wide view, which the page is
    // about to frame on the cluster: an overview built for it would be thrown away.
    this.map.once('idle', () => this.drawOverviewIfShown());
  }

  /** An element's feature, placed in its spot where it shares one with other markers. */
  private featureOf(e: EditorElement): Feature | null {
    const feature = featureOf(e);
    const place = this.colocation?.spreadOf(e.fid);
    return feature && place ? placed(feature, place) : feature;
  }

  private labelsOf(e: EditorElement): Feature[] {
    const place = this.colocation?.spreadOf(e.fid);
    const labels = labelFeatures(e);
    return place ? labels.map((f) => placed(f, place)) : labels;
  }

  /**
   * Below the editing zoom: markers as clusters and dots (overview-layers.ts), of the types
   * whose checkbox is on. Built when first seen there, and again after changes only when seen.
   */
  private drawOverviewIfShown(): void {
    const drawn = this.drawn;
    if (!drawn || this.overviewFresh || this.map.getZoom() >= this.options.minzoom) return;
    this.overviewFresh = true;
    const features: Feature[] = [];
    for (const e of drawn.visible()) {
      if (!isPoint(e.coordinates) || this.layerState[e.type] === false) continue;
      features.push({
        type: 'Feature',
        id: e.fid,
        geometry: { type: 'Point', coordinates: [e.coordinates.lng, e.coordinates.lat] },
        properties: { type: e.type },
      });
    }
    this.source(OVERVIEW_SOURCE)?.setData({ type: 'FeatureCollection', features });
  }

  /** The overview no longer matches: rebuilt soon if it is on screen, else when it is. */
  private overviewChanged(): void {
    this.overviewFresh = false;
    clearTimeout(this.overviewTimer);
    this.overviewTimer = setTimeout(() => this.drawOverviewIfShown(), 300);
  }

  /** Work out the spots shared by several markers, the first time the view is close enough. */
  private spreadIfShown(): void {
    const drawn = this.drawn;
    if (!drawn || this.colocation || this.map.getZoom() < SPREAD_ZOOM) return;
    const colocation = new Colocation();
    colocation.reset([...drawn.visible()].flatMap((e) => markerOf(e) ?? []));
    this.colocation = colocation;
    this.redrawSpread(colocation.spread(), drawn);
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
    const respread =
      this.colocation?.update(
        diff.removed.map((e) => e.fid),
        diff.upserted.flatMap((e) => markerOf(e) ?? []),
      ) ?? [];
    const points = new Set(
      [...diff.removed, ...diff.upserted].filter((e) => isPoint(e.coordinates)).map((e) => e.fid),
    );
    if (points.size > 0) this.overviewChanged();
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
      // Only real changes: setting even the same visibility or filter makes MapLibre lay
      // out every tile of the layer's source again (100,000 elements once more).
      for (const [type, ids] of Object.entries(OWN_LAYERS)) {
        const visibility = this.layerState[type as ElementTypeName] === false ? 'none' : 'visible';
        for (const id of ids) {
          if (
            this.map.getLayer(id) &&
            (this.map.getLayoutProperty(id, 'visibility') ?? 'visible') !== visibility
          ) {
            this.map.setLayoutProperty(id, 'visibility', visibility);
          }
        }
      }
      this.overviewChanged();
      const types = markerFilter((type) => this.layerState[type] !== false);
      for (const id of MARKER_LAYERS) {
        const filter = layerFilter(id, types);
        if (
          this.map.getLayer(id) &&
          JSON.stringify(this.map.getFilter(id) ?? null) !== JSON.stringify(filter)
        ) {
          this.map.setFilter(id, filter as maplibregl.FilterSpecification | null);
        }
      }
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
    clearTimeout(this.overviewTimer);
    this.map.remove();
  }
}
