import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import type { Geometry } from 'geojson';
import { ELEMENT_TYPES, type ElementTypeName, type LatLng } from '@integration/contracts';
import type { MapType } from '../core/interaction.ts';
import { addOfflineLayer, OFFLINE_MAX_ZOOM, showBasemap, type BasemapConfig } from './basemap.ts';
import { createMap, removeMap } from './create-map.ts';
import { defaultIconUrl } from './element-features.ts';
import { addIcons } from './icon-images.ts';
import { ProjectTiles } from './project-tiles.ts';
import { pickableTileLayers } from './project-tiles-layers.ts';
import { PROJECT_TILES, type Box } from './project-tiles-source.ts';

/** A tiled element as the map holds it: its tile properties and a place to show it at. */
export interface TiledElement {
  id: number;
  type: ElementTypeName;
  name: string;
  cluster: number;
  phase: string;
  at: LatLng;
}

const TYPE_NAMES = new Set<string>(ELEMENT_TYPES.map((t) => t.internalName));

/** A place on a feature: a point's own, a line's middle vertex, a ring's average. */
export function placeOf(geometry: Geometry): LatLng | null {
  const lngLat = (p: number[] | undefined) =>
    p && p.length >= 2 ? { lng: p[0] as number, lat: p[1] as number } : null;
  switch (geometry.type) {
    case 'Point':
      return lngLat(geometry.coordinates);
    case 'MultiPoint':
    case 'LineString':
      return lngLat(geometry.coordinates[Math.floor(geometry.coordinates.length / 2)]);
    case 'MultiLineString': {
      const line = geometry.coordinates[0] ?? [];
      return lngLat(line[Math.floor(line.length / 2)]);
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const ring =
        geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.coordinates[0]?.[0];
      if (!ring || ring.length === 0) return null;
      const lng = ring.reduce((sum, p) => sum + (p[0] ?? 0), 0) / ring.length;
      const lat = ring.reduce((sum, p) => sum + (p[1] ?? 0), 0) / ring.length;
      return { lng, lat };
    }
    default:
      return null;
  }
}

/** The element a tiled feature is (null for a feature without the contract's properties). */
export function tiledElementOf(feature: {
  id?: string | number;
  properties: Record<string, unknown>;
  geometry: Geometry;
  sourceLayer?: string;
}): TiledElement | null {
  const p = feature.properties;
  const type = String(p.type ?? feature.sourceLayer ?? '');
  const id = Number(feature.id ?? p.id);
  if (!TYPE_NAMES.has(type) || !Number.isFinite(id)) return null;
  const at = placeOf(feature.geometry);
  if (!at) return null;
  return {
    id,
    type: type as ElementTypeName,
    name: String(p.name ?? ''),
    cluster: Number(p.cluster),
    phase: String(p.phase ?? ''),
    at,
  };
}

export interface ProjectMapViewOptions {
  container: HTMLElement;
  basemaps: BasemapConfig;
  projectId: number;
  mapType: MapType;
}

type FeatureRef = { id: number; type: ElementTypeName };

/**
 * The MapLibre side of the whole-project view (issue 30): a base map and the project's vector
 * tiles, hover and selection by feature state, picking, the elements in view and the cluster
 * under the centre. Nothing here is edited: editing is the cluster map's.
 */
export class ProjectMapView {
  readonly map: MapLibreMap;
  readonly tiles: ProjectTiles;
  /** Resolves once the style, icons, source and layers are in place. */
  readonly ready: Promise<void>;
  private hovered: FeatureRef | null = null;
  private selected: FeatureRef | null = null;

  constructor(private readonly options: ProjectMapViewOptions) {
    this.map = createMap(options.container);
    this.tiles = new ProjectTiles(this.map, options.projectId);
    const icons = addIconsOnLoad(this.map);
    this.ready = new Promise((resolve) => {
      this.map.once('load', () => {
        this.tiles.add();
        showBasemap(this.map, options.basemaps, options.mapType);
        const offlineIfZoomedOut = () => {
          if (this.map.getZoom() < OFFLINE_MAX_ZOOM) addOfflineLayer(this.map, options.basemaps);
        };
        offlineIfZoomedOut();
        this.map.on('zoomend', offlineIfZoomedOut);
        void icons.then(() => resolve());
      });
    });
  }

  /** Resolves at the next `idle`: the tiles asked for so far are drawn. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.map.once('idle', () => resolve());
      this.map.triggerRepaint();
    });
  }

  private layers(): string[] {
    return pickableTileLayers().filter((id) => this.map.getLayer(id));
  }

  /** The tiled elements under a pixel, markers first, then cables, then zones. */
  pick(point: { x: number; y: number }, tolerance = 6): TiledElement[] {
    const features = this.map.queryRenderedFeatures(
      [
        [point.x - tolerance, point.y - tolerance],
        [point.x + tolerance, point.y + tolerance],
      ],
      { layers: this.layers() },
    );
    const order = (t: string) => (t === 'Zone' ? 2 : t === 'Cable' ? 1 : 0);
    return unique(features)
      .flatMap((f) => tiledElementOf(f) ?? [])
      .sort((a, b) => order(a.type) - order(b.type));
  }

  private state(ref: FeatureRef | null, state: Record<string, boolean>): void {
    if (!ref || !this.map.getSource(PROJECT_TILES)) return;
    this.map.setFeatureState({ source: PROJECT_TILES, sourceLayer: ref.type, id: ref.id }, state);
  }

  setHover(e: FeatureRef | null): void {
    if (e?.id === this.hovered?.id && e?.type === this.hovered?.type) return;
    this.state(this.hovered, { hover: false });
    this.hovered = e ? { id: e.id, type: e.type } : null;
    this.state(this.hovered, { hover: true });
    this.map.getCanvas().style.cursor = e ? 'pointer' : '';
  }

  setSelected(e: FeatureRef | null): void {
    this.state(this.selected, { selected: false });
    this.selected = e ? { id: e.id, type: e.type } : null;
    this.state(this.selected, { selected: true });
  }

  /** The elements drawn in the view now (each once, however many tiles hold a piece of it). */
  inView(): TiledElement[] {
    return unique(this.map.queryRenderedFeatures({ layers: this.layers() })).flatMap(
      (f) => tiledElementOf(f) ?? [],
    );
  }

  /**
   * Elements of the loaded tiles whose name holds the text. There is no search across a
   * project on the server: this reads what the map holds (the view and around it).
   */
  search(text: string, limit = 30): TiledElement[] {
    const needle = text.trim().toLowerCase();
    if (!needle || !this.map.getSource(PROJECT_TILES)) return [];
    const found = new Map<string, TiledElement>();
    for (const t of ELEMENT_TYPES) {
      for (const f of this.map.querySourceFeatures(PROJECT_TILES, {
        sourceLayer: t.internalName,
      })) {
        const name = String(f.properties.name ?? '');
        if (!name.toLowerCase().includes(needle)) continue;
        const e = tiledElementOf(f);
        if (e && !found.has(`${e.type}:${e.id}`)) found.set(`${e.type}:${e.id}`, e);
        if (found.size >= limit) return [...found.values()];
      }
    }
    return [...found.values()];
  }

  /**
   * The cluster under the view's centre: the one whose zone holds it, else the one of the
   * element nearest to it within a quarter of the view.
   */
  clusterAtCentre(): number | null {
    const canvas = this.map.getCanvas();
    const cx = canvas.clientWidth / 2;
    const cy = canvas.clientHeight / 2;
    const layers = this.layers();
    const zone = this.map
      .queryRenderedFeatures([cx, cy], { layers })
      .find((f) => f.sourceLayer === 'Zone');
    if (zone && Number.isFinite(Number(zone.properties.cluster))) {
      return Number(zone.properties.cluster);
    }
    const r = Math.min(cx, cy) / 2;
    let best: { cluster: number; distance: number } | null = null;
    for (const f of this.map.queryRenderedFeatures(
      [
        [cx - r, cy - r],
        [cx + r, cy + r],
      ],
      { layers },
    )) {
      const e = tiledElementOf(f);
      if (!e || !Number.isFinite(e.cluster)) continue;
      const p = this.map.project([e.at.lng, e.at.lat]);
      const distance = Math.hypot(p.x - cx, p.y - cy);
      if (!best || distance < best.distance) best = { cluster: e.cluster, distance };
    }
    return best?.cluster ?? null;
  }

  /** The box of what the loaded tiles hold (to frame the project on them), or null. */
  loadedBounds(): Box | null {
    let box: Box | null = null;
    for (const type of ['Zone', 'FDTSRO', 'Cable'] as const) {
      for (const f of this.map.querySourceFeatures(PROJECT_TILES, { sourceLayer: type })) {
        for (const [lng = 0, lat = 0] of coordinatesOf(f.geometry)) {
          box = box
            ? [
                Math.min(box[0], lng),
                Math.min(box[1], lat),
                Math.max(box[2], lng),
                Math.max(box[3], lat),
              ]
            : [lng, lat, lng, lat];
        }
      }
    }
    return box;
  }

  refresh(boxes: Box[]): void {
    this.tiles.refresh(boxes);
  }

  setMapType(type: MapType): void {
    showBasemap(this.map, this.options.basemaps, type);
  }

  destroy(): void {
    this.tiles.destroy();
    removeMap(this.map);
  }
}

function addIconsOnLoad(map: MapLibreMap): Promise<void> {
  const urls = ELEMENT_TYPES.filter((t) => t.geometry === 'point').map((t) =>
    defaultIconUrl(t.segment),
  );
  return new Promise((resolve) => {
    map.once('load', () => void addIcons(map, urls).then(resolve, () => resolve()));
  });
}

/** One feature per element: a line or zone cut by tiles comes back once per tile. */
function unique(features: MapGeoJSONFeature[]): MapGeoJSONFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const key = `${f.sourceLayer}:${String(f.id)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function coordinatesOf(geometry: Geometry): number[][] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    default:
      return [];
  }
}
