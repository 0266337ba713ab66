import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LatLng } from '@integration/contracts';
import {
  generateNetwork,
  streetGrid,
  type GeneratedElement,
} from '../../apps/server/src/db/seed/network-generator.ts';

const ROADS = path.resolve(import.meta.dirname, '../../../shared/data/demo-osm/roads.geojson');

/**
 * Streets to lay the benchmark network along: Nairobi CBD's real OpenStreetMap roads when
 * ../shared/data/demo-osm is there, else a synthetic grid. Says which.
 */
function streets(): { streets: LatLng[][]; source: string } {
  if (existsSync(ROADS)) {
    const roads = JSON.parse(readFileSync(ROADS, 'utf8')) as {
      features: { geometry: { type: string; coordinates: [number, number][] } }[];
    };
    return {
      source: 'OpenStreetMap roads of Nairobi CBD (shared/data/demo-osm)',
      streets: roads.features
        .filter((f) => f.geometry.type === 'LineString')
        .map((f) => f.geometry.coordinates.map(([lng, lat]) => ({ lat, lng }))),
    };
  }
  return {
    source: 'a synthetic street grid (shared/data/demo-osm is absent)',
    streets: streetGrid({ lat: -1.2864, lng: 36.8172 }, 40, 100),
  };
}

/** Exactly `count` elements, the street network repeated side by side as often as needed. */
export function benchNetwork(count: number): { elements: GeneratedElement[]; source: string } {
  const { streets: base, source } = streets();
  const elements: GeneratedElement[] = [];
  for (let tile = 0; elements.length < count; tile++) {
    const shift = (p: LatLng) => ({
      lat: p.lat + 0.035 * Math.floor(tile / 4),
      lng: p.lng + 0.04 * (tile % 4),
    });
    elements.push(
      ...generateNetwork(
        base.map((street) => street.map(shift)),
        tile + 1,
      ),
    );
  }
  return { elements: elements.slice(0, count), source };
}
