import type {
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
} from 'maplibre-gl';
import { ELEMENT_TYPES } from '@integration/contracts';

/**
 * Below the editing zoom (the project zoom − 1) the network is shown simplified: cables and
 * zone outlines as they are (element-layers.ts), markers gathered into clusters with their
 * count, or a dot in their type's colour where one stands alone. Nothing there is picked or
 * edited: "Zoom in to edit" says why.
 */
export const OVERVIEW_SOURCE = 'overview';
/** Count badges are images named with this prefix (no glyph server offline). */
export const COUNT_IMAGE = 'count:';
/** Markers this many pixels apart are gathered. */
const CLUSTER_RADIUS = 44;

export const overviewSource = (minzoom: number): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
  cluster: true,
  clusterRadius: CLUSTER_RADIUS,
  // Up to the editing zoom; from there the markers' own layers draw them.
  clusterMaxZoom: Math.max(0, minzoom - 1),
  maxzoom: Math.max(1, minzoom),
  buffer: 0,
});

const typeColour = [
  'match',
  ['get', 'type'],
  ...ELEMENT_TYPES.filter((t) => t.geometry === 'point').flatMap((t) => [t.internalName, t.color]),
  '#2e7d32',
];

export function overviewLayers(minzoom: number): LayerSpecification[] {
  const maxzoom = Math.max(1, minzoom);
  return [
    {
      id: 'el-overview-dot',
      type: 'circle',
      source: OVERVIEW_SOURCE,
      maxzoom,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-radius': 3.5,
        'circle-color': typeColour as never,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    },
    {
      id: 'el-overview-cluster',
      type: 'symbol',
      source: OVERVIEW_SOURCE,
      maxzoom,
      filter: ['has', 'point_count'],
      layout: {
        'icon-image': ['concat', COUNT_IMAGE, ['get', 'point_count_abbreviated']] as never,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  ];
}

/** A cluster's badge: its count in white on a dark disc, larger for larger counts. */
export function addCountImage(map: MapLibreMap, id: string): void {
  const text = id.slice(COUNT_IMAGE.length);
  const ratio = 2;
  const diameter = (text.length <= 2 ? 26 : text.length <= 3 ? 32 : 38) * ratio;
  const canvas = document.createElement('canvas');
  canvas.width = diameter;
  canvas.height = diameter;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.beginPath();
  ctx.arc(diameter / 2, diameter / 2, diameter / 2 - 1.5 * ratio, 0, Math.PI * 2);
  // See-through: a cluster's cables and zone stay visible under its badge.
  ctx.fillStyle = 'rgba(30, 41, 59, 0.7)';
  ctx.fill();
  ctx.lineWidth = 2 * ratio;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.font = `600 ${12 * ratio}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, diameter / 2, diameter / 2 + ratio);
  map.addImage(id, ctx.getImageData(0, 0, diameter, diameter), { pixelRatio: ratio });
}
