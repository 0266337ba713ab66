import type { Feature, FeatureCollection } from 'geojson';
import { isPoint, type EditorElement } from '../map/core/editor-element.ts';

/** The trace's elements as map features: its cables as lines, its enclosures and home as points. */
export function traceFeatures(elements: EditorElement[]): FeatureCollection {
  const features: Feature[] = elements.map((e) => ({
    type: 'Feature',
    properties: { id: e.id },
    geometry: isPoint(e.coordinates)
      ? { type: 'Point', coordinates: [e.coordinates.lng, e.coordinates.lat] }
      : { type: 'LineString', coordinates: e.coordinates.map((p) => [p.lng, p.lat]) },
  }));
  return { type: 'FeatureCollection', features };
}
