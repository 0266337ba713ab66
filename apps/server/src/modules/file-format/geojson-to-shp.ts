import type { FeatureCollection, GeoJsonToShpBody } from '@integration/contracts';

type Feature = FeatureCollection['features'][number];

/** Shapefile layers by geometry kind; a shapefile holds one shape type, so multipoints have their own. */
const LAYER_OF: Record<string, string> = {
  Point: 'points',
  MultiPoint: 'multipoints',
  LineString: 'lines',
  MultiLineString: 'lines',
  Polygon: 'polygons',
  MultiPolygon: 'polygons',
};
const ORDER = ['points', 'multipoints', 'lines', 'polygons'];

export interface ShpLayers {
  layers: { name: string; features: Feature[] }[];
  /** Every property name, in order of first appearance. */
  fieldNames: string[];
  /** Features a shapefile cannot hold (no geometry, geometry collections). */
  skipped: number;
}

/** Splits a GeoJSON body (collection, feature or bare geometry) into one layer per geometry kind. */
export function splitGeoJson(body: GeoJsonToShpBody): ShpLayers {
  const features: Feature[] =
    body.type === 'FeatureCollection'
      ? (body.features as Feature[])
      : body.type === 'Feature'
        ? [body as Feature]
        : [{ type: 'Feature', geometry: body as Feature['geometry'], properties: {} }];
  const byLayer = new Map<string, Feature[]>();
  const names = new Set<string>();
  let skipped = 0;
  for (const feature of features) {
    const layer = feature.geometry ? LAYER_OF[feature.geometry.type] : undefined;
    if (!layer) {
      skipped++;
      continue;
    }
    for (const name of Object.keys(feature.properties ?? {})) names.add(name);
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), feature]);
  }
  return {
    layers: ORDER.flatMap((name) => {
      const features = byLayer.get(name);
      return features ? [{ name, features }] : [];
    }),
    fieldNames: [...names],
    skipped,
  };
}
