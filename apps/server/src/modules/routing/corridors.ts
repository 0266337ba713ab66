/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import type { RoadGraph } from './road-graph.ts';
import type { RouteShape } from './route-paths.ts';

/**
 * Edges that lie on the same ground: the same two nodes and the same length. A way imported
 * twice (two overlapping OpenStreetMap extracts added to the network, a street drawn once per
 * direction) makes such twins; an alternative judged by edge ids then took the twin and
 * offered the best route a second time, identical on the map and in the list (issue 24).
 */
const SAME_LENGTH_M = 0.5;

/** Per edge, the lowest-numbered edge on its ground (itself when it has no twin). */
const cache = new WeakMap<Int32Array, Int32Array>();

export function corridorOf(graph: RoadGraph): Int32Array {
  // Keyed by the graph's edge ends: a view leaving one cable out shares them and its twins.
  const known = cache.get(graph.edgeFrom);
  if (known) return known;
  const corridor = new Int32Array(graph.edgeCount);
  const byEnds = new Map<string, number[]>();
  for (let e = 0; e < graph.edgeCount; e++) {
    const a = graph.edgeFrom[e]!;
    const b = graph.edgeTo[e]!;
    const ends = a < b ? `${a}:${b}` : `${b}:${a}`;
    const same = byEnds.get(ends);
    const twin = same?.find(
      (o) => Math.abs(graph.edgeLength[o]! - graph.edgeLength[e]!) <= SAME_LENGTH_M,
    );
    corridor[e] = twin ?? e;
    if (same) same.push(e);
    else byEnds.set(ends, [e]);
  }
  cache.set(graph.edgeFrom, corridor);
  return corridor;
}

/** A route's metres on each ground, so that twins count as the same road. */
export function corridorMetres(graph: RoadGraph, shape: RouteShape): Map<number, number> {
  const corridor = corridorOf(graph);
  const metres = new Map<number, number>();
  for (const [edge, m] of shape.edgeMetres) {
    const c = corridor[edge]!;
    metres.set(c, (metres.get(c) ?? 0) + m);
  }
  return metres;
}
