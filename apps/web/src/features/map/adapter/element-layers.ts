import type { LayerSpecification } from 'maplibre-gl';
import { ELEMENT_TYPES, type ElementTypeName } from '@integration/contracts';
import { defaultIconUrl } from './element-features.ts';

const selected = ['boolean', ['feature-state', 'selected'], false];
const editing = ['boolean', ['feature-state', 'editing'], false];
/** Hidden while terra-draw holds the element for editing (it draws its own copy). */
const shown = (on: number) => ['case', editing, 0, on];

const DASHES = { solid: [1], dashed: [4, 3], dotted: [1, 2] } as const;

/** Icons shrink as the view takes in more of a dense cluster (less clutter, less to draw). */
const iconSize = (full: number) => ['interpolate', ['linear'], ['zoom'], 13, full / 2, 16, full];

/**
 * Below this zoom markers are dots in their type's colour, not icons. Zoomed out over a
 * large cluster icons are an unreadable carpet, and costly: laying out 100,000 symbols
 * took MapLibre half again as long as drawing 100,000 circles.
 */
export const ICON_MIN_ZOOM = 14;

/** Where icons start for a project whose elements show from `minzoom`. */
export const iconsFrom = (minzoom: number) => Math.max(minzoom, ICON_MIN_ZOOM);

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

/** A type's own icon, for markers whose template names none of its own (most). */
const defaultIcon = [
  'match',
  ['get', 'type'],
  ...POINT_TYPES.flatMap((t) => [t.internalName, defaultIconUrl(t.segment)]),
  defaultIconUrl('pin'),
];

/** A dot in its type's colour (the legend's). */
const typeColour = [
  'match',
  ['get', 'type'],
  ...POINT_TYPES.flatMap((t) => [t.internalName, t.color]),
  '#2e7d32',
];

/**
 * Markers of every point type share one dot layer and one icon layer, and cables one
 * layer whose dashes follow the feature: each extra layer over a source is another pass
 * over its 100,000 features when MapLibre lays out a tile, and another draw per tile.
 * Layer checkboxes of point types therefore filter the marker layers (markerFilter).
 */
export const MARKER_LAYERS = ['el-marker-dot', 'el-marker-icon'] as const;

/** The layers that a type's checkbox shows and hides on its own, by visibility. */
export const OWN_LAYERS: Partial<Record<ElementTypeName, string[]>> = {
  Zone: ['el-Zone-fill', 'el-Zone-line'],
  Cable: ['el-Cable'],
  PboFat: ['el-PboFat-affectation-line', 'el-PboFat-affectation-house'],
};

/** The marker layers' filter for the point types whose checkbox is on; null when all are. */
export function markerFilter(on: (type: ElementTypeName) => boolean) {
  const shownTypes = POINT_TYPES.map((t) => t.internalName).filter(on);
  return shownTypes.length === POINT_TYPES.length
    ? null
    : ['in', ['get', 'type'], ['literal', shownTypes]];
}

function zoneLayers(minzoom: number): LayerSpecification[] {
  return [
    {
      id: 'el-Zone-fill',
      type: 'fill',
      source: 'zones',
      minzoom,
      paint: { 'fill-color': ['get', 'color'], 'fill-opacity': shown(0.22) as never },
    },
    {
      id: 'el-Zone-line',
      type: 'line',
      source: 'zones',
      minzoom,
      paint: {
        'line-color': ['case', selected, '#facc15', ['get', 'color']] as never,
        'line-width': ['case', selected, 4, 2] as never,
        'line-opacity': shown(1) as never,
      },
    },
  ];
}

const cableLayer = (minzoom: number): LayerSpecification => ({
  id: 'el-Cable',
  type: 'line',
  source: 'cables',
  minzoom,
  layout: {
    'line-cap': ['match', ['get', 'pattern'], 'solid', 'round', 'butt'] as never,
    'line-join': 'round',
  },
  paint: {
    'line-color': ['case', selected, '#facc15', ['get', 'color']] as never,
    'line-width': ['interpolate', ['linear'], ['zoom'], 12, 2, 18, 5],
    'line-dasharray': [
      'match',
      ['get', 'pattern'],
      'dashed',
      ['literal', DASHES.dashed],
      'dotted',
      ['literal', DASHES.dotted],
      ['literal', DASHES.solid],
    ] as never,
    'line-opacity': shown(1) as never,
  },
});

/**
 * A PBO-FAT's Lines of Affectation and houses (SPEC §3), drawn with the icons: a few metres
 * from their PBO, zoomed out they would be clutter.
 */
function affectationLayers(minzoom: number): LayerSpecification[] {
  const withIcons = iconsFrom(minzoom);
  return [
    {
      id: 'el-PboFat-affectation-line',
      type: 'line',
      source: 'affectation',
      minzoom: withIcons,
      filter: ['==', ['get', 'kind'], 'line'],
      paint: { 'line-color': '#7c3aed', 'line-width': 1.5, 'line-dasharray': [3, 2] },
    },
    {
      id: 'el-PboFat-affectation-house',
      type: 'symbol',
      source: 'affectation',
      minzoom: withIcons,
      filter: ['==', ['get', 'kind'], 'house'],
      layout: {
        'icon-image': '/api/icons/house.svg?width=30',
        'icon-size': iconSize(0.7) as never,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

function markerLayers(minzoom: number): LayerSpecification[] {
  const [dot, icon] = MARKER_LAYERS;
  return [
    {
      id: dot,
      type: 'circle',
      source: 'points',
      minzoom,
      maxzoom: iconsFrom(minzoom),
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 2.5, ICON_MIN_ZOOM, 5],
        'circle-color': typeColour as never,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        // Note: no hiding while terra-draw edits a dot (as icons are): a paint property
        // read from feature state is another per-vertex attribute for 100,000 dots. The
        // dot stays in place under the dragged copy until the move is saved, as in QGIS.
      },
    },
    {
      id: icon,
      type: 'symbol',
      source: 'points',
      minzoom: iconsFrom(minzoom),
      layout: {
        'icon-image': ['coalesce', ['get', 'icon'], defaultIcon] as never,
        'icon-size': iconSize(1) as never,
        'icon-anchor': 'bottom',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
  ];
}

/**
 * A ring under the selected markers. Note: from a source of its own holding just them; a
 * transparent ring under every marker would still be drawn, 100,000 times a frame.
 */
export const selectionHalo = (minzoom: number): LayerSpecification => ({
  id: 'el-selection-halo',
  type: 'circle',
  source: 'selection',
  minzoom,
  paint: {
    // Round an icon (anchored at its bottom) or, zoomed out, centred on a dot.
    'circle-radius': ['step', ['zoom'], 9, ICON_MIN_ZOOM, 16] as never,
    'circle-translate': [
      'step',
      ['zoom'],
      ['literal', [0, 0]],
      ICON_MIN_ZOOM,
      ['literal', [0, -14]],
    ] as never,
    'circle-color': '#facc15',
    'circle-opacity': 0.45,
    'circle-stroke-color': '#a16207',
    'circle-stroke-width': 2,
  },
});

/** Every element layer: zones at the bottom, then cables, then markers. */
export const allElementLayers = (minzoom: number): LayerSpecification[] => [
  ...zoneLayers(minzoom),
  cableLayer(minzoom),
  selectionHalo(minzoom),
  ...affectationLayers(minzoom),
  ...markerLayers(minzoom),
];

/** The layers a click can pick an element from. */
export const PICKABLE_LAYERS = ['el-Zone-fill', 'el-Zone-line', 'el-Cable', ...MARKER_LAYERS];
