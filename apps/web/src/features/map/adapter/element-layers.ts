import type { LayerSpecification } from 'maplibre-gl';
import { ELEMENT_TYPES, elementTypeByName, type ElementTypeName } from '@integration/contracts';

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

/** The map layers of one element type, generated from the registry. */
export function layersOfType(type: ElementTypeName, minzoom: number): LayerSpecification[] {
  if (type === 'Zone') {
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
  if (type === 'Cable') {
    return (Object.keys(DASHES) as (keyof typeof DASHES)[]).map((pattern) => ({
      id: `el-Cable-${pattern}`,
      type: 'line',
      source: 'cables',
      minzoom,
      filter: ['==', ['get', 'pattern'], pattern],
      layout: { 'line-cap': pattern === 'solid' ? 'round' : 'butt', 'line-join': 'round' },
      paint: {
        'line-color': ['case', selected, '#facc15', ['get', 'color']] as never,
        'line-width': ['interpolate', ['linear'], ['zoom'], 12, 2, 18, 5],
        'line-dasharray': [...DASHES[pattern]],
        'line-opacity': shown(1) as never,
      },
    }));
  }
  const symbols: LayerSpecification[] = [
    {
      id: `el-${type}-dot`,
      type: 'circle',
      source: 'points',
      minzoom,
      maxzoom: Math.max(minzoom, ICON_MIN_ZOOM),
      filter: ['==', ['get', 'type'], type],
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 2.5, ICON_MIN_ZOOM, 5],
        'circle-color': elementTypeByName(type)?.color ?? '#2e7d32',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        'circle-opacity': shown(1) as never,
        'circle-stroke-opacity': shown(1) as never,
      },
    },
    {
      id: `el-${type}`,
      type: 'symbol',
      source: 'points',
      minzoom: Math.max(minzoom, ICON_MIN_ZOOM),
      filter: ['==', ['get', 'type'], type],
      layout: {
        'icon-image': ['get', 'icon'],
        'icon-size': iconSize(1) as never,
        'icon-anchor': 'bottom',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: { 'icon-opacity': shown(1) as never },
    },
  ];
  if (type === 'PboFat') {
    // Drawn with the icons: a few metres from their PBO, zoomed out they would be clutter.
    const withIcons = Math.max(minzoom, ICON_MIN_ZOOM);
    symbols.unshift(
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
    );
  }
  return symbols;
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

/** Every element layer, zones at the bottom and markers on top. */
export function allElementLayers(minzoom: number): LayerSpecification[] {
  const order = [...ELEMENT_TYPES].sort((a, b) => rank(a.geometry) - rank(b.geometry));
  const layers = order.flatMap((t) => layersOfType(t.internalName, minzoom));
  const firstPoint = layers.findIndex(
    (l) => 'source' in l && (l.source === 'points' || l.source === 'affectation'),
  );
  layers.splice(firstPoint, 0, selectionHalo(minzoom));
  return layers;
}

const rank = (g: string) => (g === 'polygon' ? 0 : g === 'line' ? 1 : 2);

/** Ids of the layers a layer checkbox switches. */
export const layerIdsOf = (type: ElementTypeName) => layersOfType(type, 0).map((l) => l.id);
