import type { LayerSpecification } from 'maplibre-gl';
import { ELEMENT_TYPES, type ElementTypeName } from '@integration/contracts';
import { PLACE_LABEL } from './basemap.ts';
import { defaultIconUrl } from './element-features.ts';

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

/** Where icons start for a project whose elements show from `minzoom`. */
export const iconsFrom = (minzoom: number) => Math.max(minzoom, ICON_MIN_ZOOM);

/** Icons grow from 12 px over a whole cluster to their full 30 px at street zoom. */
const ICON_SIZE = [
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

/**
 * Which markers keep their icon where they collide: the network's backbone first (an
 * FDT-SRO serves a whole cluster, a splice closure a feeder), then the points users are
 * served from, then the supports and the premises of which a cluster has hundreds.
 */
const PRIORITY: Record<string, number> = {
  FDTSRO: 0,
  SpliceClosure: 1,
  PboFat: 2,
  Manhole: 3,
  Loop: 4,
  SFU: 5,
  Pole: 6,
  Building: 7,
};

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

const priority = ['match', ['get', 'type'], ...Object.entries(PRIORITY).flat(), 9];

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
/** A name drawn as an image (basemap.ts draws them on demand). */
const label = ['concat', PLACE_LABEL, ['get', 'name']];

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
] as const;

/** The marker layers' filter for the point types whose checkbox is on; null when all are. */
export function markerFilter(on: (type: ElementTypeName) => boolean) {
  const shownTypes = POINT_TYPES.map((t) => t.internalName).filter(on);
  return shownTypes.length === POINT_TYPES.length
    ? null
    : ['in', ['get', 'type'], ['literal', shownTypes]];
}

export function markerLayers(minzoom: number): LayerSpecification[] {
  const [dot, iconLayer, streetLayer, labelLayer] = MARKER_LAYERS;
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
          2.5,
          ICON_MIN_ZOOM,
          4,
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
      layout: {
        'icon-image': label as never,
        'icon-anchor': 'top',
        // Clear of its own pin's collision box (padded 2 px each), or it would never fit.
        'icon-offset': [0, 6],
        'icon-padding': 0,
        'symbol-sort-key': priority as never,
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
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
    paint: { 'icon-opacity': shown(1) as never },
  };
}

/**
 * A ring under the selected markers. Note: from a source of its own holding just them; a
 * transparent ring under every marker would still be drawn, 100,000 times a frame.
 */
export function selectionLayers(minzoom: number): LayerSpecification[] {
  return [
    {
      id: 'el-selection-halo',
      type: 'circle',
      source: 'selection',
      minzoom,
      paint: {
        // Round the icon (anchored at its bottom) or, zoomed out, centred on the dot.
        'circle-radius': ['step', ['zoom'], 9, ICON_MIN_ZOOM, 14, 16, 16] as never,
        'circle-translate': [
          'step',
          ['zoom'],
          ['literal', [0, 0]],
          ICON_MIN_ZOOM,
          ['literal', [0, -12]],
          16,
          ['literal', [0, -14]],
        ] as never,
        'circle-color': '#facc15',
        'circle-opacity': 0.45,
        'circle-stroke-color': '#a16207',
        'circle-stroke-width': 2,
      },
    },
    highlightedIcon('el-selection-icon', 'selection', minzoom),
  ];
}

/** The marker under the pointer: its icon whole and its name, even where it had yielded. */
export function hoverLayers(minzoom: number): LayerSpecification[] {
  return [
    highlightedIcon('el-hover-icon', 'hover', minzoom),
    {
      id: 'el-hover-label',
      type: 'symbol',
      source: 'hover',
      minzoom,
      filter: ['has', 'name'],
      layout: {
        'icon-image': label as never,
        'icon-anchor': 'top',
        'icon-offset': [0, 6],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}
