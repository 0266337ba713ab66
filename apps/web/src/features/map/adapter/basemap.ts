import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import type { MapType } from '../core/interaction.ts';

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
 * The base style: a bundled offline layer (land, borders, places) under the chosen XYZ
 * layer, so the map is useful with no internet (tiles that fail leave the offline layer).
 */
export function baseStyle(config: BasemapConfig): StyleSpecification {
  // Absolute URLs: MapLibre fetches GeoJSON from its worker.
  const url = (path: string) => new URL(path, window.location.href).toString();
  return {
    version: 8,
    sources: {
      'offline-land': { type: 'geojson', data: url(config.offline.land) },
      'offline-borders': { type: 'geojson', data: url(config.offline.borders) },
      'offline-places': { type: 'geojson', data: url(config.offline.places) },
    },
    layers: [
      { id: 'offline-sea', type: 'background', paint: { 'background-color': '#cfe3ef' } },
      {
        id: 'offline-land',
        type: 'fill',
        source: 'offline-land',
        paint: { 'fill-color': '#f3f1ea', 'fill-outline-color': '#94a3b8' },
      },
      {
        id: 'offline-borders',
        type: 'line',
        source: 'offline-borders',
        paint: { 'line-color': '#a8a29e', 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'offline-places',
        type: 'symbol',
        source: 'offline-places',
        maxzoom: 9,
        // Note: no glyph server offline, so labels are images drawn in the browser.
        layout: {
          'icon-image': ['concat', PLACE_LABEL, ['get', 'name']],
          'icon-allow-overlap': false,
          'symbol-sort-key': ['get', 'rank'],
        },
      },
    ],
  };
}

const BASE_LAYER = 'basemap';
const OVERLAY_LAYER = 'basemap-overlay';

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
