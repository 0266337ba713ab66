import type { LayerSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { MAP_TYPES, type MapType } from '../core/interaction.ts';

/** Place names are drawn as images named with this prefix. */
export const PLACE_LABEL = 'label:';

export interface Basemap {
  id: MapType;
  tiles: string[];
  tileSize?: number;
  attribution?: string;
  maxzoom?: number;
  overlay?: { tiles: string[]; attribution?: string };
}

export interface BasemapConfig {
  basemaps: Basemap[];
  offline: { land: string; borders: string; places: string };
}

export const OFFLINE_DEFAULTS: BasemapConfig['offline'] = {
  land: '/api/map/offline/land.geojson',
  borders: '/api/map/offline/borders.geojson',
  places: '/api/map/offline/places.geojson',
};

/**
 * The base map a project's map opens on (ConfigureProject): its own choice while the server
 * still offers it, else the first base map the server lists. A map type asked for in the
 * address (`?mapType=`) is the user's own choice and wins over both (MapWorkspace).
 */
export function openingBasemap(projectBasemap: string | null, config: BasemapConfig): MapType {
  const offered = config.basemaps.map((b) => b.id);
  const known = (id: string | null): id is MapType =>
    id !== null && (MAP_TYPES as readonly string[]).includes(id);
  // With no list (the server unreachable) the project's choice still stands.
  if (known(projectBasemap) && (offered.length === 0 || offered.includes(projectBasemap))) {
    return projectBasemap;
  }
  return offered[0] ?? 'terrain';
}

export const BASE_LAYER = 'basemap';
const OVERLAY_LAYER = 'basemap-overlay';

/** Below this zoom the bundled offline layer (coastlines, borders, places) is worth drawing. */
export const OFFLINE_MAX_ZOOM = 9;
const SEA = '#cfe3ef';
const LAND = '#f3f1ea';

/**
 * The base style: a plain background, land-coloured where a cluster is seen (the offline
 * coastlines do not reach that zoom). The XYZ layer goes above it; the offline layer is
 * added once the view is zoomed out (`addOfflineLayer`), so opening a cluster neither waits
 * for nor parses 1.5 MB of world outlines.
 */
export function baseStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [
      {
        id: 'offline-background',
        type: 'background',
        paint: { 'background-color': ['step', ['zoom'], SEA, OFFLINE_MAX_ZOOM, LAND] },
      },
    ],
  };
}

/** The bundled offline layer (land, borders, places), under the XYZ layer and the elements. */
export function addOfflineLayer(map: MapLibreMap, config: BasemapConfig): void {
  if (map.getSource('offline-land')) return;
  // Absolute URLs: MapLibre fetches GeoJSON from its worker.
  const url = (path: string) => new URL(path, window.location.href).toString();
  const before = map
    .getStyle()
    .layers.find((l) => l.id === BASE_LAYER || l.id.startsWith('el-'))?.id;
  for (const name of ['land', 'borders', 'places'] as const) {
    map.addSource(`offline-${name}`, { type: 'geojson', data: url(config.offline[name]) });
  }
  const layers: LayerSpecification[] = [
    {
      id: 'offline-land',
      type: 'fill',
      source: 'offline-land',
      maxzoom: OFFLINE_MAX_ZOOM,
      paint: { 'fill-color': LAND, 'fill-outline-color': '#94a3b8' },
    },
    {
      id: 'offline-borders',
      type: 'line',
      source: 'offline-borders',
      maxzoom: OFFLINE_MAX_ZOOM,
      paint: { 'line-color': '#a8a29e', 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    {
      id: 'offline-places',
      type: 'symbol',
      source: 'offline-places',
      maxzoom: OFFLINE_MAX_ZOOM,
      // Note: no glyph server offline, so labels are images drawn in the browser.
      layout: {
        'icon-image': ['concat', PLACE_LABEL, ['get', 'name']],
        'icon-allow-overlap': false,
        'symbol-sort-key': ['get', 'rank'],
      },
    },
  ];
  for (const layer of layers) map.addLayer(layer, before);
}

/** Show one of the XYZ base layers above the offline one and below the elements. */
export function showBasemap(map: MapLibreMap, config: BasemapConfig, type: MapType): void {
  for (const id of [OVERLAY_LAYER, BASE_LAYER]) {
    if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(id)) map.removeSource(id);
  }
  const basemap = config.basemaps.find((b) => b.id === type);
  if (!basemap || basemap.tiles.length === 0) return;
  const before = map.getStyle().layers.find((l) => l.id.startsWith('el-'))?.id;
  map.addSource(BASE_LAYER, {
    type: 'raster',
    tiles: basemap.tiles,
    tileSize: basemap.tileSize ?? 256,
    maxzoom: basemap.maxzoom ?? 19,
    attribution: basemap.attribution,
  });
  map.addLayer({ id: BASE_LAYER, type: 'raster', source: BASE_LAYER }, before);
  if (basemap.overlay) {
    map.addSource(OVERLAY_LAYER, {
      type: 'raster',
      tiles: basemap.overlay.tiles,
      tileSize: basemap.tileSize ?? 256,
      attribution: basemap.overlay.attribution,
    });
    map.addLayer({ id: OVERLAY_LAYER, type: 'raster', source: OVERLAY_LAYER }, before);
  }
}

/** A place name drawn to an image: offline there is no glyph server for text labels. */
export function addPlaceLabel(map: MapLibreMap, id: string): void {
  const text = id.slice(PLACE_LABEL.length);
  const ratio = 2;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const font = `${12 * ratio}px system-ui, sans-serif`;
  ctx.font = font;
  canvas.width = Math.ceil(ctx.measureText(text).width) + 8 * ratio;
  canvas.height = 18 * ratio;
  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 3 * ratio;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.fillStyle = '#44403c';
  ctx.strokeText(text, 4 * ratio, canvas.height / 2);
  ctx.fillText(text, 4 * ratio, canvas.height / 2);
  map.addImage(id, ctx.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
}
