import type { RoutingRules } from '@integration/contracts';
import { buildGraph, type GraphInputEdge, type RoadGraph } from './road-graph.ts';
import { speedKmh, twoWheelerAllowed } from './road-rules.ts';
import type { RoadEdgeRow } from './roads.repository.ts';
import { roadWaysOf, wayCoords, type RoadWays } from './road-ways.ts';

/** Flat [lng, lat, …] of GeoJSON coordinates. */
export const flat = (coordinates: readonly (readonly number[])[]): number[] =>
  coordinates.flatMap((c) => [c[0] ?? 0, c[1] ?? 0]);

/** Roads in columns, whichever way they were read. */
export const asWays = (roads: RoadWays | readonly RoadEdgeRow[]): RoadWays =>
  'start' in roads ? roads : roadWaysOf(roads);

/**
 * The two-wheeler graph: the roads a motorbike may use, weighted in seconds at the class's
 * speed (or the road's own), one-way roads one way. Edge kinds index `classes`.
 */
export function twoWheelerGraph(
  roads: RoadWays | readonly RoadEdgeRow[],
  settings: RoutingRules,
): { graph: RoadGraph; classes: string[] } {
  const ways = asWays(roads);
  const classes: string[] = [];
  const classIndex = new Map<string, number>();
  const input: GraphInputEdge[] = [];
  for (let i = 0; i < ways.count; i++) {
    const highway = ways.highway[i] ?? 'road';
    if (!twoWheelerAllowed(highway, ways.access[i] ?? null, settings)) continue;
    const coords = wayCoords(ways, i);
    if (coords.length < 4) continue;
    let kind = classIndex.get(highway);
    if (kind === undefined) {
      kind = classes.push(highway) - 1;
      classIndex.set(highway, kind);
    }
    const own = ways.speedKmh[i] ?? NaN;
    const secondsPerMetre = 3.6 / speedKmh(highway, Number.isNaN(own) ? null : own, settings);
    const oneway = ways.oneway[i] ?? 0;
    input.push({
      coords,
      forwardPerMetre: oneway >= 0 ? secondsPerMetre : Infinity,
      backwardPerMetre: oneway <= 0 ? secondsPerMetre : Infinity,
      kind,
    });
  }
  return { graph: buildGraph(input), classes };
}
