import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiLineString, Point, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { OfflinePlaceProperties } from '@integration/contracts';
import { labelPoint, polygonArea } from './label-point.ts';

export const OFFLINE_LAYERS = ['land', 'borders', 'places'] as const;
export type OfflineLayerName = (typeof OFFLINE_LAYERS)[number];

/** ~11 m at the equator: finer than Natural Earth's 1:50m detail, and a third smaller. */
const DECIMALS = 4;

const require = createRequire(import.meta.url);
/** A world-atlas TopoJSON file and the named object in it. */
function topology(file: string, name: string): { topo: Topology; object: GeometryCollection } {
  const topo = JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8')) as Topology<
    Record<string, GeometryCollection>
  >;
  const object = topo.objects[name];
  if (!object) throw new Error(`world-atlas/${file} has no object '${name}'.`);
  return { topo, object };
}

function toCollection(value: Feature | FeatureCollection): FeatureCollection {
  return value.type === 'FeatureCollection'
    ? value
    : { type: 'FeatureCollection', features: [value] };
}

/** One labelled point per country, on its largest polygon; rank 1 is the largest country. */
function places(countries: FeatureCollection): FeatureCollection<Point, OfflinePlaceProperties> {
  const labelled = countries.features.flatMap((country) => {
    const geometry = country.geometry;
    const name = country.properties?.name;
    if (typeof name !== 'string') return [];
    const polygons: Position[][][] =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    const sized = polygons.map((rings) => ({ rings, area: polygonArea(rings) }));
    const largest = sized.sort((a, b) => b.area - a.area)[0];
    if (!largest) return [];
    const total = sized.reduce((sum, p) => sum + p.area, 0);
    return [{ name, total, point: labelPoint(largest.rings) }];
  });
  labelled.sort((a, b) => b.total - a.total);
  return {
    type: 'FeatureCollection',
    features: labelled.map((place, index) => ({
      type: 'Feature',
      properties: { name: place.name, rank: index + 1 },
      geometry: { type: 'Point', coordinates: place.point },
    })),
  };
}

/**
 * The bundled offline base layer (Natural Earth 1:50m via world-atlas): land polygons
 * (whose outlines are the coastlines), country borders as lines, and country names.
 */
export function buildOfflineLayers(): Record<OfflineLayerName, FeatureCollection> {
  const land = topology('land-50m.json', 'land');
  const countries = topology('countries-50m.json', 'countries');
  const borders: Feature<MultiLineString> = {
    type: 'Feature',
    properties: {},
    // Shared arcs only (a !== b): coastlines come from the land layer, not twice.
    geometry: mesh(countries.topo, countries.object, (a, b) => a !== b),
  };
  return {
    land: toCollection(feature(land.topo, land.object)),
    borders: { type: 'FeatureCollection', features: [borders] },
    places: places(toCollection(feature(countries.topo, countries.object))),
  };
}

/** GeoJSON text with coordinates rounded to DECIMALS places. */
export function serializeRounded(value: unknown): string {
  const factor = 10 ** DECIMALS;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * factor) / factor : v,
  );
}
