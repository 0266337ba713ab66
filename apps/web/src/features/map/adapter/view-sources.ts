import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Feature, FeatureCollection } from 'geojson';
import { isPoint, type EditorElement } from '../core/editor-element.ts';
import {
  affectationFeatures,
  affectationIds,
  labelFeatures,
  type SourceId,
} from './element-features.ts';
import { affectationFrom, LABEL_MIN_ZOOM } from './marker-layers.ts';
import { OVERVIEW_SOURCE, overviewSource } from './overview-layers.ts';
import { OVERLAY_SOURCES } from './overlay-layers.ts';

export const ELEMENT_SOURCES: SourceId[] = ['zones', 'cables', 'points', 'affectation', 'labels'];
/** The selected markers, under their halo. */
export const SELECTION_SOURCE = 'selection';
/** The marker under the pointer. */
export const HOVER_SOURCE = 'hover';
export const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * Sources of markers have no tile buffer. MapLibre draws a dot or an icon whole from the one
 * tile holding its point, never from a neighbour's buffer and never clipped at the tile's edge.
 * The default buffer (a quarter tile each side) put each of 100,000 markers in 2.25 tiles on
 * average: every copy cut into its tile and encoded by the worker, then skipped when drawn.
 * Lines and zones are clipped at tile edges and keep MapLibre's default.
 */
const UNBUFFERED = new Set<string>(['points', 'labels', SELECTION_SOURCE, HOVER_SOURCE]);

/** The view's sources, empty: elements, highlights, drawn aids and the overview. */
export function addViewSources(map: MapLibreMap, minzoom: number): void {
  for (const id of [...ELEMENT_SOURCES, SELECTION_SOURCE, HOVER_SOURCE, ...OVERLAY_SOURCES]) {
    const buffer = UNBUFFERED.has(id) ? { buffer: 0 } : {};
    map.addSource(id, { type: 'geojson', data: empty(), ...buffer });
  }
  map.addSource(OVERVIEW_SOURCE, overviewSource(minzoom));
}

/**
 * A source drawn only close up whose features are many on a large cluster (a PBO-FAT's Lines
 * of Affectation, the markers' names): it is handed to MapLibre the first time the view gets
 * to its zoom, then kept up to date with the elements.
 */
export interface CloseUpSource {
  id: SourceId;
  from: number;
  features(e: EditorElement): Feature[];
  ids(e: EditorElement): number[];
  drawn: boolean;
}

export const closeUpSources = (minzoom: number): CloseUpSource[] => [
  {
    id: 'affectation',
    from: affectationFrom(minzoom),
    features: affectationFeatures,
    ids: (e) => (e.type === 'PboFat' ? affectationIds(e) : []),
    drawn: false,
  },
  {
    id: 'labels',
    from: Math.max(minzoom, LABEL_MIN_ZOOM),
    features: labelFeatures,
    ids: (e) => (isPoint(e.coordinates) ? [e.fid] : []),
    drawn: false,
  },
];
