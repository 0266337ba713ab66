import type {
  GeoJSONSource,
  GeoJSONSourceSpecification,
  LayerSpecification,
  Map as MapLibreMap,
} from 'maplibre-gl';
import type { Feature } from 'geojson';
import { ELEMENT_TYPES, type ElementTypeName } from '@integration/contracts';
import { isPoint, type EditorElement } from '../core/editor-element.ts';

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

/**
 * Below the editing zoom: markers as clusters and dots, of the types whose checkbox is on.
 * Built when first seen there, and again after changes only when seen.
 */
export class OverviewSource {
  /** Whether the overview source holds the elements as they are; rebuilt only when seen. */
  private fresh = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly map: MapLibreMap,
    private readonly minzoom: number,
    /** The elements last drawn. */
    private readonly elements: () => Iterable<EditorElement> | null,
    /** Whether a type's checkbox is on. */
    private readonly shown: (type: ElementTypeName) => boolean,
  ) {}

  drawIfShown(): void {
    const elements = this.elements();
    if (!elements || this.fresh || this.map.getZoom() >= this.minzoom) return;
    this.fresh = true;
    const features: Feature[] = [];
    for (const e of elements) {
      if (!isPoint(e.coordinates) || !this.shown(e.type)) continue;
      features.push({
        type: 'Feature',
        id: e.fid,
        geometry: { type: 'Point', coordinates: [e.coordinates.lng, e.coordinates.lat] },
        properties: { type: e.type },
      });
    }
    this.map
      .getSource<GeoJSONSource>(OVERVIEW_SOURCE)
      ?.setData({ type: 'FeatureCollection', features });
  }

  /** The elements were all replaced: rebuilt when next seen. */
  reset(): void {
    this.fresh = false;
  }

  /** The overview no longer matches: rebuilt soon if it is on screen, else when it is. */
  changed(): void {
    this.fresh = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.drawIfShown(), 300);
  }

  destroy(): void {
    clearTimeout(this.timer);
  }
}
