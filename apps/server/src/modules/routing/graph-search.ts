/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import { MinHeap } from './min-heap.ts';
import type { RoadGraph } from './road-graph.ts';

/** Where a search starts: a node, reached at a cost from the snapped point (see route-seeds.ts). */
export interface Seed {
  node: number;
  cost: number;
}

/** A shortest-path tree: cost and incoming arc (-1 at a seed) per node, and the settle order. */
export interface SearchTree {
  dist: Float64Array;
  pred: Int32Array;
  order: Int32Array;
  settled: number;
}

export interface SearchOptions {
  /** Nodes that end the search, with their cost on to the destination point. */
  targets?: Seed[];
  /** Keep searching until the frontier passes `stretch` × the best cost found (default 1). */
  stretch?: number;
  /** Stop once the frontier passes this cost. */
  bound?: number;
  /** A* towards this point (forward searches only). */
  towards?: { lng: number; lat: number };
  /** Factors (≥ 1) on each edge's weight: the penalty method of alternatives.ts. */
  penalty?: Float64Array;
}

/**
 * Dijkstra (or A* with `towards`) over the outgoing arcs (`forward`) or the incoming ones
 * (`backward`, a search from the destination), with a binary heap and typed arrays.
 */
export function search(
  graph: RoadGraph,
  direction: 'forward' | 'backward',
  seeds: readonly Seed[],
  options: SearchOptions = {},
): SearchTree & { best: number; bestTarget: number } {
  const n = graph.nodeCount;
  const dist = new Float64Array(n).fill(Infinity);
  const pred = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const order = new Int32Array(n);
  const heap = new MinHeap();
  const start = direction === 'forward' ? graph.outStart : graph.inStart;
  const arcs = direction === 'forward' ? graph.outArc : graph.inArc;
  const others = direction === 'forward' ? graph.outTarget : graph.inSource;
  const weights = direction === 'forward' ? graph.outWeight : graph.inWeight;
  const towards = options.towards;
  const penalty = options.penalty;
  const factor = graph.minPerMetre;
  // Straight-line metres in a local flat projection, shortened by 1 % so that it never
  // exceeds the haversine distance at a city's scale (A* stays exact).
  const kx = towards ? Math.cos((towards.lat * Math.PI) / 180) * 111_195 * 0.99 * factor : 0;
  const ky = 111_195 * 0.99 * factor;
  const h = towards
    ? (v: number) =>
        Math.hypot((graph.nodeLng[v]! - towards.lng) * kx, (graph.nodeLat[v]! - towards.lat) * ky)
    : () => 0;
  const targetCost = new Map<number, number>();
  for (const t of options.targets ?? []) {
    targetCost.set(t.node, Math.min(t.cost, targetCost.get(t.node) ?? Infinity));
  }
  const stretch = options.stretch ?? 1;
  let bound = options.bound ?? Infinity;
  let best = Infinity;
  let bestTarget = -1;
  for (const seed of seeds) {
    if (seed.cost < dist[seed.node]!) {
      dist[seed.node] = seed.cost;
      heap.push(seed.cost + h(seed.node), seed.node);
    }
  }
  let settled = 0;
  while (heap.size) {
    const key = heap.peekKey();
    if (key > bound) break;
    const u = heap.pop();
    if (done[u]) continue;
    done[u] = 1;
    order[settled++] = u;
    const du = dist[u]!;
    const onward = targetCost.get(u);
    if (onward !== undefined && du + onward < best) {
      best = du + onward;
      bestTarget = u;
      bound = Math.min(bound, best * stretch);
    }
    for (let a = start[u]!, end = start[u + 1]!; a < end; a++) {
      const v = others[a]!;
      const dv = du + (penalty ? weights[a]! * penalty[arcs[a]! >> 1]! : weights[a]!);
      if (dv < dist[v]!) {
        dist[v] = dv;
        pred[v] = arcs[a]!;
        heap.push(dv + h(v), v);
      }
    }
  }
  return { dist, pred, order, settled, best, bestTarget };
}

/** The node an arc leaves from, and the node it reaches. */
export const arcTail = (graph: RoadGraph, arc: number) =>
  arc & 1 ? graph.edgeTo[arc >> 1]! : graph.edgeFrom[arc >> 1]!;
export const arcHead = (graph: RoadGraph, arc: number) =>
  arc & 1 ? graph.edgeFrom[arc >> 1]! : graph.edgeTo[arc >> 1]!;

/** Arcs from a seed to `node` in a forward tree, in travel order. */
export function forwardArcs(graph: RoadGraph, tree: SearchTree, node: number): number[] {
  const arcs: number[] = [];
  for (let v = node; tree.pred[v]! >= 0; v = arcTail(graph, tree.pred[v]!)) {
    arcs.push(tree.pred[v]!);
    if (arcs.length > graph.nodeCount) throw new Error('cycle in a shortest-path tree');
  }
  return arcs.reverse();
}

/** Arcs from `node` to a destination seed in a backward tree, in travel order. */
export function backwardArcs(graph: RoadGraph, tree: SearchTree, node: number): number[] {
  const arcs: number[] = [];
  for (let v = node; tree.pred[v]! >= 0; v = arcHead(graph, tree.pred[v]!)) {
    arcs.push(tree.pred[v]!);
    if (arcs.length > graph.nodeCount) throw new Error('cycle in a shortest-path tree');
  }
  return arcs;
}
