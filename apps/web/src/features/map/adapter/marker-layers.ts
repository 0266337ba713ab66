import type { LayerSpecification } from 'maplibre-gl';
import { ELEMENT_TYPES, MARKER_PRIORITY, type ElementTypeName } from '@integration/contracts';
import { PLACE_LABEL } from './basemap.ts';
import { defaultIconUrl } from './element-features.ts';
import { allSpots, type Spread } from './colocation.ts';

const editing = ['boolean', ['feature-state', 'editing'], false];
/** Hidden while terra-draw holds the element for editing (it draws its own copy). */
export const shown = (on: number) => ['case', editing, 0, on];

/**
 * Below this zoom markers are dots in their type's colour, not icons. Zoomed out over a
 * large cluster icons are an unreadable carpet, and costly: laying out 100,000 symbols
 * took MapLibre half again as long as drawing 100,000 circles.
 */
export const ICON_MIN_ZOOM = 14;
/**
 * From this zoom (street level, where an icon has its full 30 px of SPEC §9) every icon is
 * drawn even where it overlaps another: an element being placed never gives way. Below it
 * icons that cannot fit yield to the more important ones and leave their dot.
 */
export const STREET_ZOOM = 18;
/** Names are written under markers from this zoom, where they have room. */
export const LABEL_MIN_ZOOM = 17;
/**
 * Over a neighbourhood (z14–16 of a cluster) only the nodes a network is read by have icons:
 * the FDT-SRO, splice closures and the PBO-FATs subscribers hang off. Poles, manholes, loops,
 * homes and buildings (hundreds of them) stay dots until this zoom, so the cluster reads as
 * cables joining a few nodes instead of a carpet of pins.
 */
export const DETAIL_ZOOM = 17;
/** A PBO-FAT's Lines of Affectation and houses, a few metres long, from this zoom. */
export const AFFECTATION_MIN_ZOOM = 17;
export const affectationFrom = (minzoom: number) =>
  Math.max(iconsFrom(minzoom), AFFECTATION_MIN_ZOOM);
export const KEY_TYPES: readonly ElementTypeName[] = ['FDTSRO', 'SpliceClosure', 'PboFat'];
/** From this zoom markers at one spot stand side by side (colocation.ts). */
export const SPREAD_ZOOM = STREET_ZOOM;

/** Where icons start for a project whose elements show from `minzoom`. */
export const iconsFrom = (minzoom: number) => Math.max(minzoom, ICON_MIN_ZOOM);

/** Icons grow from 12 px over a whole cluster to their full 30 px at street zoom. */
export const ICON_SIZE = [
  'interpolate',
  ['linear'],
  ['zoom'],
  ICON_MIN_ZOOM,
  0.4,
  16,
  0.6,
  STREET_ZOOM,
  1,
];

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

/** Which markers keep their icon where they collide (the contract's order, shared by the tiles). */
const priority = ['match', ['get', 'type'], ...Object.entries(MARKER_PRIORITY).flat(), 9];

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

const icon = ['coalesce', ['get', 'icon'], defaultIcon];
/** Key nodes' icons only until DETAIL_ZOOM; an empty image draws no icon (the dot stays). */
const iconByZoom = [
  'step',
  ['zoom'],
  ['match', ['get', 'type'], [...KEY_TYPES], icon, ''],
  DETAIL_ZOOM,
  icon,
];
/** A name drawn as an image (basemap.ts draws them on demand). */
const label = ['concat', PLACE_LABEL, ['get', 'name']];

const ZERO = ['literal', [0, 0]];
const SPOTS = allSpots();
/**
 * A value of a marker's place in its spot (colocation.ts, named by its `spot` property), once
 * the view is close enough to spread; `otherwise` for a marker alone and further out.
 */
function bySpot(pick: (s: Spread) => unknown, otherwise: unknown) {
  const literal = (v: unknown) => (Array.isArray(v) ? ['literal', v] : v);
  return [
    'step',
    ['zoom'],
    otherwise,
    SPREAD_ZOOM,
    [
      'match',
      ['coalesce', ['get', 'spot'], ''],
      ...SPOTS.flatMap(([key, spread]) => [key, literal(pick(spread))]),
      otherwise,
    ],
  ];
}
const iconOffset = bySpot((s) => s.icon, ZERO);
/** A name under its marker, or beside its icon where markers are spread. */
const labelPlacement = {
  'icon-anchor': 'top' as const,
  'icon-offset': bySpot((s) => s.label, ['literal', [0, 6]]) as never,
};

/**
 * Markers of every point type share their layers, and cables one layer whose dashes follow
 * the feature: each extra layer over a source is another pass over its 100,000 features when
 * MapLibre lays out a tile, and another draw per tile. Layer checkboxes of point types
 * therefore filter the marker layers (markerFilter).
 */
export const MARKER_LAYERS = [
  'el-marker-dot',
  'el-marker-icon',
  'el-marker-icon-street',
  'el-marker-label',
  'el-marker-label-spot',
] as const;

/** Names of markers at one spot, spread (colocation.ts), apart from the others'. */
const SPOT_LABELS = ['has', 'spot'];
/** The filters some marker layers have before any layer checkbox. */
const BASE_FILTERS: Partial<Record<(typeof MARKER_LAYERS)[number], unknown>> = {
  'el-marker-label': ['!', SPOT_LABELS],
  'el-marker-label-spot': SPOT_LABELS,
};

/** A marker layer's filter: its own, and the point types whose checkbox is on. */
export function layerFilter(id: (typeof MARKER_LAYERS)[number], types: unknown) {
  const base = BASE_FILTERS[id];
  if (!base) return types;
  return types ? ['all', base, types] : base;
}

/** The marker layers' filter for the point types whose checkbox is on; null when all are. */
export function markerFilter(on: (type: ElementTypeName) => boolean) {
  const shownTypes = POINT_TYPES.map((t) => t.internalName).filter(on);
  return shownTypes.length === POINT_TYPES.length
    ? null
    : ['in', ['get', 'type'], ['literal', shownTypes]];
}

export function markerLayers(minzoom: number): LayerSpecification[] {
  const [dot, iconLayer, streetLayer, labelLayer, spotLabelLayer] = MARKER_LAYERS;
  const withIcons = iconsFrom(minzoom);
  const iconLayout = {
    'icon-image': icon as never,
    'icon-size': ICON_SIZE as never,
    'icon-anchor': 'bottom' as const,
  };
  return [
    {
      // Every marker keeps a dot at every zoom: one whose icon yielded is still seen, hovered,
      // clicked and picked in the select-element modal.
      id: dot,
      type: 'circle',
      source: 'points',
      minzoom,
      paint: {
        'circle-radius': [
          'interpolate',
          ['linear'],
          ['zoom'],
          10,
          2,
          // Small over a cluster seen whole: hundreds of homes and poles are a texture, and
          // the key nodes' icons and the cables stand out of it.
          ICON_MIN_ZOOM,
          2.5,
          16,
          3.5,
          STREET_ZOOM,
          3,
        ] as never,
        'circle-color': typeColour as never,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        // Note: no hiding while terra-draw edits a dot (as icons are): a paint property
        // read from feature state is another per-vertex attribute for 100,000 dots. The
        // dot stays in place under the dragged copy until the move is saved, as in QGIS.
      },
    },
    {
      id: labelLayer,
      type: 'symbol',
      source: 'labels',
      minzoom: Math.max(minzoom, LABEL_MIN_ZOOM),
      filter: layerFilter(labelLayer, null) as never,
      layout: {
        'icon-image': label as never,
        // Clear of its own pin's collision box (padded 2 px each), or it would never fit.
        ...labelPlacement,
        'icon-padding': 0,
        'symbol-sort-key': priority as never,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
    {
      // Above the other names, so placed before them whichever tile they are in: names at a
      // shared spot stand close together under their icons, and the neighbours' give way.
      id: spotLabelLayer,
      type: 'symbol',
      source: 'labels',
      minzoom: Math.max(minzoom, LABEL_MIN_ZOOM),
      filter: layerFilter(spotLabelLayer, null) as never,
      layout: {
        'icon-image': label as never,
        ...labelPlacement,
        'icon-padding': 0,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
    {
      id: iconLayer,
      type: 'symbol',
      source: 'points',
      minzoom: withIcons,
      maxzoom: Math.max(withIcons, STREET_ZOOM),
      layout: {
        ...iconLayout,
        'icon-image': iconByZoom as never,
        // Lower keys are placed first: the more important marker keeps its icon.
        'symbol-sort-key': priority as never,
        'icon-padding': 1,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
    {
      id: streetLayer,
      type: 'symbol',
      source: 'points',
      minzoom: Math.max(withIcons, STREET_ZOOM),
      layout: {
        ...iconLayout,
        'icon-offset': iconOffset as never,
        'icon-allow-overlap': true,
        // Names give way to icons, never the reverse.
        'icon-ignore-placement': false,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
  ];
}

/** A selected or hovered marker is drawn whole over the others, whatever collides with it. */
function highlightedIcon(id: string, source: string, minzoom: number): LayerSpecification {
  return {
    id,
    type: 'symbol',
    source,
    minzoom: iconsFrom(minzoom),
    layout: {
      'icon-image': icon as never,
      'icon-size': [
        'interpolate',
        ['linear'],
        ['zoom'],
        ICON_MIN_ZOOM,
        0.7,
        STREET_ZOOM,
        1,
      ] as never,
      'icon-anchor': 'bottom',
      'icon-offset': iconOffset as never,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
    paint: { 'icon-opacity': shown(1) as never },
  };
}

/**
 * The name of a selected or hovered marker, whatever its neighbours' names: a searched pole
 * shows the pole's name, not its PBO's. Placed before the other names (layers higher up are
 * placed first), it keeps them off its own place rather than being drawn over them.
 */
function highlightedLabel(id: string, source: string, minzoom: number): LayerSpecification {
  return {
    id,
    type: 'symbol',
    source,
    minzoom,
    filter: ['has', 'name'],
    layout: {
      'icon-image': label as never,
      ...labelPlacement,
      'icon-allow-overlap': true,
      'icon-padding': 0,
    },
    paint: { 'icon-opacity': shown(1) as never },
  };
}

/** The selection ring's image name (drawn by selectionRing). */
export const SELECTION_RING = 'selection-ring';

/** A yellow ring drawn in the browser, 36 px across. */
export function selectionRing(): ImageData {
  const ratio = 2;
  const size = 36 * ratio;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return new ImageData(size, size);
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2 - 2 * ratio, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(250, 204, 21, 0.45)';
  ctx.fill();
  ctx.lineWidth = 2 * ratio;
  ctx.strokeStyle = '#a16207';
  ctx.stroke();
  return ctx.getImageData(0, 0, size, size);
}

/**
 * A ring under the selected markers. Note: from a source of its own holding just them; a
 * transparent ring under every marker would still be drawn, 100,000 times a frame. An image
 * rather than a circle: it follows a spread icon (circle-translate is the same for all).
 */
export function selectionLayers(minzoom: number): LayerSpecification[] {
  return [
    {
      id: 'el-selection-halo',
      type: 'symbol',
      source: 'selection',
      minzoom,
      layout: {
        'icon-image': SELECTION_RING,
        // Round the dot zoomed out, round the icon (anchored at its bottom) closer.
        'icon-size': ['step', ['zoom'], 0.5, ICON_MIN_ZOOM, 0.8, 16, 0.9, SPREAD_ZOOM, 1] as never,
        'icon-offset': [
          'step',
          ['zoom'],
          ZERO,
          ICON_MIN_ZOOM,
          ['literal', [0, -15]],
          16,
          ['literal', [0, -16]],
          SPREAD_ZOOM,
          bySpot((s) => s.halo, ['literal', [0, -20]])[4] as unknown[],
        ] as never,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    highlightedIcon('el-selection-icon', 'selection', minzoom),
    highlightedLabel('el-selection-label', 'selection', iconsFrom(minzoom)),
  ];
}

/** The marker under the pointer: its icon whole and its name, even where it had yielded. */
export function hoverLayers(minzoom: number): LayerSpecification[] {
  return [
    highlightedIcon('el-hover-icon', 'hover', minzoom),
    {
      ...highlightedLabel('el-hover-label', 'hover', minzoom),
      // Drawn over the names around without moving them while the pointer passes.
      layout: {
        'icon-image': label as never,
        ...labelPlacement,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: {},
    } as LayerSpecification,
  ];
}
