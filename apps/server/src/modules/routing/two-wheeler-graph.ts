import type { RoutingRules } from '@integration/contracts';
import { buildGraph, type GraphInputEdge, type RoadGraph } from './road-graph.ts';
import { speedKmh, twoWheelerAllowed } from './road-rules.ts';
import type { RoadEdgeRow } from './roads.repository.ts';

/** Flat [lng, lat, …] of GeoJSON coordinates. */
export const flat = (coordinates: readonly (readonly number[])[]): number[] =>
  coordinates.flatMap((c) => [c[0] ?? 0, c[1] ?? 0]);

/**
 * The two-wheeler graph: the roads a motorbike may use, weighted in seconds at the class's
 * speed (or the road's own), one-way roads one way. Edge kinds index `classes`.
 */
export function twoWheelerGraph(
  roads: readonly RoadEdgeRow[],
  settings: RoutingRules,
): { graph: RoadGraph; classes: string[] } {
  const classes: string[] = [];
  const classIndex = new Map<string, number>();
  const input: GraphInputEdge[] = [];
  for (const road of roads) {
    if (!twoWheelerAllowed(road.highway, road.access, settings)) continue;
    if (road.coordinates.length < 2) continue;
    let kind = classIndex.get(road.highway);
    if (kind === undefined) {
      kind = classes.push(road.highway) - 1;
      classIndex.set(road.highway, kind);
    }
    const secondsPerMetre = 3.6 / speedKmh(road.highway, road.speedKmh, settings);
    input.push({
      coords: flat(road.coordinates),
      forwardPerMetre: road.oneway >= 0 ? secondsPerMetre : Infinity,
      backwardPerMetre: road.oneway <= 0 ? secondsPerMetre : Infinity,
      kind,
    });
  }
  return { graph: buildGraph(input), classes };
}
