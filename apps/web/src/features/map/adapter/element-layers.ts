import type { LayerSpecification } from 'maplibre-gl';
import type { ElementTypeName } from '@integration/contracts';
import {
  affectationFrom,
  hoverLayers,
  MARKER_LAYERS,
  markerLayers,
  selectionLayers,
  shown,
} from './marker-layers.ts';
import { overviewLayers } from './overview-layers.ts';

const selected = ['boolean', ['feature-state', 'selected'], false];

/** Dashes of a cable type's line pattern, in line widths (the legend draws the same). */
export const DASHES = { solid: [1], dashed: [4, 3], dotted: [1, 2] } as const;

/** A cable's dashes from its `pattern` property (the template's line style). */
export const CABLE_DASHES = [
  'match',
  ['get', 'pattern'],
  'dashed',
  ['literal', DASHES.dashed],
  'dotted',
  ['literal', DASHES.dotted],
  ['literal', DASHES.solid],
];

/** The layers that a type's checkbox shows and hides on its own, by visibility. */
export const OWN_LAYERS: Partial<Record<ElementTypeName, string[]>> = {
  Zone: ['el-Zone-fill', 'el-Zone-line'],
  Cable: ['el-Cable-casing', 'el-Cable'],
  PboFat: ['el-PboFat-affectation-line', 'el-PboFat-affectation-house'],
};

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
      // Outlines at every zoom: below the editing zoom a zone is where a cluster is.
      id: 'el-Zone-line',
      type: 'line',
      source: 'zones',
      paint: {
        'line-color': ['case', selected, '#facc15', ['get', 'color']] as never,
        // Thin over a region, where a zone is the outline of a cluster.
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          8,
          ['case', selected, 4, 1.5],
          12,
          ['case', selected, 4, 2],
        ] as never,
        'line-opacity': shown(1) as never,
      },
    },
  ];
}

/** Thin over a country (a backbone at z6), full width close up. */
const cableWidth = ['interpolate', ['linear'], ['zoom'], 6, 1.2, 12, 2, 18, 5];

/**
 * Cables over a white casing: a coloured line stays readable across a zone's fill and the
 * base map's streets, as in QGIS or VETRO. Zoomed out, where a cluster's cables are a mesh,
 * the casing would only thicken it.
 */
const cableLayers = (minzoom: number): LayerSpecification[] => [
  {
    id: 'el-Cable-casing',
    type: 'line',
    source: 'cables',
    minzoom: Math.max(minzoom, 14),
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': '#ffffff',
      'line-opacity': shown(0.9) as never,
      'line-width': ['interpolate', ['linear'], ['zoom'], 14, 4, 18, 8],
    },
  },
  cableLayer,
];

/**
 * Cables at every zoom, in their capacity's colour and their type's dashes: an imported
 * national backbone framed at z6 is seen, and a zoomed-out cluster reads as its network.
 */
const cableLayer: LayerSpecification = {
  id: 'el-Cable',
  type: 'line',
  source: 'cables',
  layout: {
    'line-cap': ['match', ['get', 'pattern'], 'solid', 'round', 'butt'] as never,
    'line-join': 'round',
  },
  paint: {
    'line-color': ['case', selected, '#facc15', ['get', 'color']] as never,
    'line-width': cableWidth as never,
    'line-dasharray': CABLE_DASHES as never,
    'line-opacity': shown(1) as never,
  },
};

/**
 * A PBO-FAT's Lines of Affectation and houses (SPEC §3), drawn with the icons: a few metres
 * from their PBO, zoomed out they would be clutter.
 */
function affectationLayers(minzoom: number): LayerSpecification[] {
  const withIcons = affectationFrom(minzoom);
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
        'icon-size': ['interpolate', ['linear'], ['zoom'], 14, 0.35, 18, 0.7] as never,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

/**
 * Every element layer: zones at the bottom, then cables, then markers, as a planner reads a
 * network (equipment over the cables joining it); the selected and the hovered on top.
 */
export const allElementLayers = (minzoom: number): LayerSpecification[] => [
  ...zoneLayers(minzoom),
  ...cableLayers(minzoom),
  ...affectationLayers(minzoom),
  ...overviewLayers(minzoom),
  ...markerLayers(minzoom),
  ...selectionLayers(minzoom),
  ...hoverLayers(minzoom),
];

/** The layers a click can pick an element from. */
export const PICKABLE_LAYERS = [
  'el-Zone-fill',
  'el-Zone-line',
  'el-Cable',
  ...MARKER_LAYERS.filter((id) => !id.startsWith('el-marker-label')),
];
