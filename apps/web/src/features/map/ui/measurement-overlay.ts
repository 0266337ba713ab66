import type { FeatureCollection } from 'geojson';
import type { Measurement } from '../core/editor-state.ts';

/** What the measuring tools draw: their points, and the path or area between them. */
export function measurementOverlay(m: Measurement | null): FeatureCollection | null {
  if (!m) return null;
  const coords = m.points.map((p) => [p.lng, p.lat]);
  const features: FeatureCollection['features'] = coords.map((c) => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates: c },
  }));
  const first = coords[0];
  if (m.tool === 'area' && coords.length >= 3 && first) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [[...coords, first]] },
    });
  } else if (coords.length >= 2) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: coords },
    });
  }
  return { type: 'FeatureCollection', features };
}
