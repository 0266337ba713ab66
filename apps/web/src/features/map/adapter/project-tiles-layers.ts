import type { LayerSpecification } from 'maplibre-gl';
import {
  ELEMENT_TYPES,
  MARKER_PRIORITY,
  TILE_MIN_ZOOM,
  type ElementTypeName,
} from '@integration/contracts';
import { PLACE_LABEL } from './basemap.ts';
import { CABLE_DASHES } from './element-layers.ts';
import { defaultIconUrl } from './element-features.ts';
import {
  DETAIL_ZOOM,
  ICON_MIN_ZOOM,
  ICON_SIZE,
  KEY_TYPES,
  LABEL_MIN_ZOOM,
  STREET_ZOOM,
} from './marker-layers.ts';
import { PROJECT_TILES } from './project-tiles-source.ts';

/**
 * The layers of a project's vector tiles, drawn as the cluster map draws its elements (the
 * same type colours, icons, cable colours and dashes, zones filled lightly). Named `el-…` so
 * that base maps go under them (basemap.ts puts them below the first `el-` layer).
 */
export const TILE_LAYER_PREFIX = 'el-tiles-';

export const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

/**
 * Point types from the least important to the most: MapLibre places the symbols of higher
 * layers first, so an FDT-SRO keeps its icon where it meets a pole (MARKER_PRIORITY). Each
 * type is its own MVT layer, hence its own style layer.
 */
export const POINT_TYPES_BY_PRIORITY = [...POINT_TYPES].sort(
  (a, b) => (MARKER_PRIORITY[b.internalName] ?? 9) - (MARKER_PRIORITY[a.internalName] ?? 9),
);

const hovered = ['boolean', ['feature-state', 'hover'], false];
const selected = ['boolean', ['feature-state', 'selected'], false];
const HIGHLIGHT = '#facc15';

export interface TileLayerOptions {
  /** Leave out one cluster's features (the cluster map draws its own as GeoJSON). */
  withoutCluster?: number;
  /**
   * Neighbours beside a cluster being edited: drawn as the whole-project map draws them below
   * this zoom (nothing changes as one map takes over from the other), fading out above it;
   * gone from a zoom further in, where the cluster is edited.
   */
  fadeFrom?: number;
}

/**
 * A cluster is opened from the whole project's map at its editing zoom, not further out: at
 * lower zooms the view spans several clusters.
 */
export const OPEN_CLUSTER_MIN_ZOOM = 13;

/** Zoom levels over which neighbours fade out beyond `fadeFrom` (then are not drawn at all). */
const NEIGHBOURS_FADE = 1.5;

/** The style layer ids a click or hover can pick a tiled element from. */
export function pickableTileLayers(): string[] {
  return [
    `${TILE_LAYER_PREFIX}Zone-fill`,
    `${TILE_LAYER_PREFIX}Cable`,
    ...POINT_TYPES.flatMap((t) => [
      `${TILE_LAYER_PREFIX}${t.internalName}-dot`,
      `${TILE_LAYER_PREFIX}${t.internalName}-icon`,
    ]),
  ];
}

export function projectTileLayers(options: TileLayerOptions = {}): LayerSpecification[] {
  const filter =
    options.withoutCluster === undefined
      ? undefined
      : (['!=', ['get', 'cluster'], options.withoutCluster] as never);
  const from = options.fadeFrom;
  /** An opacity, faded beyond `fadeFrom`; `value` may read the feature state. */
  const opacity = (value: unknown) =>
    (from === undefined
      ? value
      : [
          'interpolate',
          ['linear'],
          ['zoom'],
          from + 0.5,
          value,
          from + NEIGHBOURS_FADE,
          zeroed(value),
        ]) as never;
  const base = (type: ElementTypeName, id: string) => ({
    id: `${TILE_LAYER_PREFIX}${id}`,
    source: PROJECT_TILES,
    'source-layer': type,
    minzoom: TILE_MIN_ZOOM[type],
    ...(from === undefined ? {} : { maxzoom: from + NEIGHBOURS_FADE }),
    ...(filter ? { filter } : {}),
  });
  const zoneColour = ['coalesce', ['get', 'color'], typeColour('Zone')];
  const cableColour = ['coalesce', ['get', 'color'], typeColour('Cable')];
  const layers: LayerSpecification[] = [
    {
      ...base('Zone', 'Zone-fill'),
      type: 'fill',
      paint: {
        'fill-color': zoneColour as never,
        'fill-opacity': opacity(['case', selected, 0.3, hovered, 0.2, 0.1]),
      },
    },
    {
      ...base('Zone', 'Zone-line'),
      type: 'line',
      paint: {
        'line-color': ['case', selected, HIGHLIGHT, zoneColour] as never,
        'line-width': ['case', selected, 4, hovered, 3, 1.5] as never,
        'line-opacity': opacity(1),
      },
    },
    {
      ...base('Cable', 'Cable-casing'),
      type: 'line',
      minzoom: 14,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: {
        'line-color': '#ffffff',
        'line-opacity': opacity(0.9),
        'line-width': ['interpolate', ['linear'], ['zoom'], 14, 4, 18, 8],
      },
    },
    {
      ...base('Cable', 'Cable'),
      type: 'line',
      layout: {
        'line-cap': ['match', ['get', 'pattern'], 'solid', 'round', 'butt'] as never,
        'line-join': 'round',
      },
      paint: {
        'line-color': ['case', selected, HIGHLIGHT, hovered, HIGHLIGHT, cableColour] as never,
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          6,
          ['case', ['any', selected, hovered], 3, 1.2],
          12,
          ['case', ['any', selected, hovered], 4, 2],
          18,
          ['case', ['any', selected, hovered], 8, 5],
        ] as never,
        'line-dasharray': CABLE_DASHES as never,
        'line-opacity': opacity(1),
      },
    },
  ];
  // Dots of every type first; names and icons above all dots.
  for (const t of POINT_TYPES_BY_PRIORITY) {
    layers.push({
      ...base(t.internalName, `${t.internalName}-dot`),
      type: 'circle',
      paint: {
        'circle-radius': [
          'interpolate',
          ['linear'],
          ['zoom'],
          ...[
            [10, 2],
            [ICON_MIN_ZOOM, 2.5],
            [16, 3.5],
            [STREET_ZOOM, 3],
          ].flatMap(([zoom, radius]) => [zoom, ['case', ['any', selected, hovered], 7, radius]]),
        ] as never,
        'circle-color': t.color,
        'circle-stroke-color': ['case', ['any', selected, hovered], '#a16207', '#ffffff'] as never,
        'circle-stroke-width': ['case', ['any', selected, hovered], 3, 1] as never,
        'circle-opacity': opacity(1),
        'circle-stroke-opacity': opacity(1),
      },
    });
  }
  // Names under the icons: where they collide, the icons keep their place (placed first).
  for (const t of POINT_TYPES_BY_PRIORITY) {
    layers.push({
      ...base(t.internalName, `${t.internalName}-label`),
      type: 'symbol',
      minzoom: Math.max(TILE_MIN_ZOOM[t.internalName], LABEL_MIN_ZOOM),
      filter: filter ? ['all', filter, ['has', 'name']] : ['has', 'name'],
      layout: {
        // Names drawn as images: no glyph server offline (basemap.ts).
        'icon-image': ['concat', PLACE_LABEL, ['get', 'name']] as never,
        'icon-anchor': 'top',
        'icon-offset': ['literal', [0, 6]] as never,
        'icon-padding': 0,
        'symbol-sort-key': MARKER_PRIORITY[t.internalName] ?? 9,
      },
      paint: { 'icon-opacity': opacity(1) },
    });
  }
  for (const t of POINT_TYPES_BY_PRIORITY) {
    const key = (KEY_TYPES as readonly string[]).includes(t.internalName);
    // Key nodes' icons from ICON_MIN_ZOOM, the others' from DETAIL_ZOOM, as on the cluster map.
    const from = Math.max(TILE_MIN_ZOOM[t.internalName], key ? ICON_MIN_ZOOM : DETAIL_ZOOM);
    layers.push({
      ...base(t.internalName, `${t.internalName}-icon`),
      type: 'symbol',
      minzoom: from,
      layout: {
        'icon-image': defaultIconUrl(t.segment),
        'icon-size': ICON_SIZE as never,
        'icon-anchor': 'bottom',
        'icon-padding': 1,
        'symbol-sort-key': MARKER_PRIORITY[t.internalName] ?? 9,
        'icon-allow-overlap': ['step', ['zoom'], false, STREET_ZOOM, true] as never,
      },
      paint: { 'icon-opacity': opacity(1) },
    });
  }
  // Beside a cluster, layers that would start where neighbours are no longer drawn are left out.
  return from === undefined
    ? layers
    : layers.filter((l) => (l.minzoom ?? 0) < from + NEIGHBOURS_FADE);
}

/** An opacity made nil (a number, or a `case` of numbers). */
function zeroed(value: unknown): unknown {
  if (typeof value === 'number') return 0;
  if (Array.isArray(value)) return value.map((v, i) => (i > 0 && typeof v === 'number' ? 0 : v));
  return value;
}

function typeColour(type: ElementTypeName): string {
  return ELEMENT_TYPES.find((t) => t.internalName === type)?.color ?? '#2e7d32';
}
