import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { buildGraph, type GraphInputEdge } from './road-graph.ts';
import { effectiveSettings, readOneWay } from './road-rules.ts';
import type { RoadEdgeRow } from './roads.repository.ts';
import { profileGraph } from './route-planner.ts';
import { twoWheelerGraph } from './two-wheeler-graph.ts';

/** Degrees east and north of a point near Nairobi, for hand-made graphs. */
export const BASE = { lng: 36.8, lat: -1.3 };
export const at = (east: number, north: number): [number, number] => [
  BASE.lng + east,
  BASE.lat + north,
];

/** A way of a hand-made graph, in seconds at 36 km/h (0.1 s a metre), both ways by default. */
export function way(points: [number, number][], oneway: -1 | 0 | 1 = 0): GraphInputEdge {
  return {
    coords: points.flat(),
    forwardPerMetre: oneway >= 0 ? 0.1 : Infinity,
    backwardPerMetre: oneway <= 0 ? 0.1 : Infinity,
    kind: 0,
  };
}

export const handMade = (ways: GraphInputEdge[]) => profileGraph('two-wheeler', buildGraph(ways));

/** ../shared/data/demo-osm, when this machine has it. */
export const DEMO_OSM_DIR = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/demo-osm',
);
export const demoOsmPresent = () => existsSync(path.join(DEMO_OSM_DIR, 'roads.geojson'));

interface RoadFeature {
  geometry: { type: string; coordinates: [number, number][] };
  properties: Record<string, string | null>;
}

const nairobiFeatures = () =>
  (
    JSON.parse(readFileSync(path.join(DEMO_OSM_DIR, 'roads.geojson'), 'utf8')) as {
      features: RoadFeature[];
    }
  ).features;

/** The real Nairobi ways with their names, for finding street corners. */
export const nairobiNamedWays = () =>
  nairobiFeatures()
    .filter((f) => f.geometry.type === 'LineString')
    .map((f) => ({
      name: f.properties.name,
      highway: f.properties.highway ?? 'road',
      coords: f.geometry.coordinates,
    }));

/** The real Nairobi roads as the graph reads them from the roads table. */
export function nairobiRoads(): RoadEdgeRow[] {
  return nairobiFeatures()
    .filter((f) => f.geometry.type === 'LineString')
    .map((f) => ({
      highway: f.properties.highway ?? 'road',
      oneway: readOneWay(f.properties.oneway, f.properties.junction),
      access: f.properties.access ?? null,
      speedKmh: null,
      coordinates: f.geometry.coordinates,
    }));
}

export const nairobiGraph = () =>
  profileGraph('two-wheeler', twoWheelerGraph(nairobiRoads(), effectiveSettings(null)).graph);

/** A small OpenStreetMap XML file: a one-way street, a roundabout, a footway, a private road, a river. */
export function smallOsm(origin = { lat: -4.05, lng: 39.66 }): string {
  const nodes: string[] = [];
  const id = (i: number) => 100 + i;
  const place = (i: number, north: number, east: number) =>
    nodes.push(
      `<node id="${id(i)}" lat="${(origin.lat + north).toFixed(7)}" lon="${(origin.lng + east).toFixed(7)}" version="1"/>`,
    );
  for (let i = 0; i < 6; i++) place(i, 0, i * 0.001);
  place(6, 0.001, 0.002);
  place(7, -0.001, 0.003);
  const way = (wid: number, refs: number[], tags: Record<string, string>) =>
    `<way id="${wid}" version="1">${refs.map((r) => `<nd ref="${id(r)}"/>`).join('')}${Object.entries(
      tags,
    )
      .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
      .join('')}</way>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="integration test">
${nodes.join('\n')}
${way(1, [0, 1, 2], { highway: 'residential', name: 'Digo Road', oneway: 'yes' })}
${way(2, [2, 3, 4, 5], { highway: 'tertiary', name: 'Moi Avenue' })}
${way(3, [2, 6, 3, 7, 2], { highway: 'primary', junction: 'roundabout' })}
${way(4, [1, 6], { highway: 'footway' })}
${way(5, [4, 7], { highway: 'service', access: 'private' })}
${way(6, [0, 7], { waterway: 'river', name: 'Tudor Creek' })}
</osm>
`;
}

/** A value a test expects to be there (fails the test otherwise). */
export function defined<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}
