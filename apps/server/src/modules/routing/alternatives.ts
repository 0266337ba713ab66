/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import {
  arcHead,
  arcTail,
  backwardArcs,
  forwardArcs,
  search,
  type SearchTree,
  type Seed,
} from './graph-search.ts';
import type { RoadGraph } from './road-graph.ts';
import {
  destinationSeeds,
  directPath,
  originSeeds,
  shapeOf,
  type RoutePath,
  type RouteShape,
} from './route-paths.ts';
import type { Snap } from './snapping.ts';
import { corridorMetres, corridorOf } from './corridors.ts';
import { metresNear } from './route-likeness.ts';

/**
 * What makes an alternative reasonable (docs/decisions.md, "Create Route"): at most 1.4 × the
 * best route's weight (GraphHopper's max_weight_factor), at most 75 % of the best route's
 * length shared with it or with another alternative chosen (OSRM's limit), locally optimal
 * (a plateau, a stretch optimal from both ends, of at least 20 % of the best weight:
 * GraphHopper's min_plateau_factor; or, for the penalty method, the T-test of Abraham et al.
 * over 20 % of the best weight around the detour's middle), and no node passed twice (no
 * doubling back).
 */
export const ALTERNATIVE_RULES = {
  stretch: 1.4,
  maxShare: 0.75,
  minPlateau: 0.2,
  /** Factor on the edges of the routes found, per round of the penalty method. */
  penalty: 1.6,
  penaltyRounds: 3,
};
/** Plateaus examined at most, cheapest first. */
const MAX_CANDIDATES = 40;

/** The best route alone: A* towards the destination, or the stretch of one edge between them. */
export function bestRoute(graph: RoadGraph, from: Snap, to: Snap): RouteShape | null {
  const direct = directPath(graph, from, to);
  const tree = search(graph, 'forward', originSeeds(graph, from), {
    targets: destinationSeeds(graph, to),
    towards: { lng: to.lng, lat: to.lat },
  });
  const path = pathTo(graph, tree, tree.bestTarget, tree.best);
  const best = [direct, path]
    .filter((p): p is RoutePath => p !== null)
    .sort((a, b) => a.weight - b.weight)[0];
  return best ? shapeOf(graph, best, from, to) : null;
}

function pathTo(graph: RoadGraph, tree: SearchTree, node: number, weight: number) {
  if (node < 0 || !Number.isFinite(weight)) return null;
  const arcs = forwardArcs(graph, tree, node);
  return { arcs, first: arcs.length ? arcTail(graph, arcs[0]!) : node, last: node, weight };
}

/**
 * The best route and up to `extra` alternatives, best first, by the via-node (plateau) method:
 * a search from each end, bounded by the stretch; every node reached by both proposes the
 * route through it; the plateau starting there measures its local optimality.
 */
export function routesWithAlternatives(
  graph: RoadGraph,
  from: Snap,
  to: Snap,
  extra: number,
): RouteShape[] {
  const { stretch, minPlateau } = ALTERNATIVE_RULES;
  const targets = destinationSeeds(graph, to);
  const fw = search(graph, 'forward', originSeeds(graph, from), { targets, stretch });
  const direct = directPath(graph, from, to);
  const viaGraph = pathTo(graph, fw, fw.bestTarget, fw.best);
  const bestPath = [direct, viaGraph]
    .filter((p): p is RoutePath => p !== null)
    .sort((a, b) => a.weight - b.weight)[0];
  if (!bestPath) return [];
  const best = shapeOf(graph, bestPath, from, to);
  if (extra <= 0 || !viaGraph) return [best];

  const d = bestPath.weight;
  const bw = search(graph, 'backward', targets, { bound: d * stretch });
  const candidates = plateauStarts(graph, fw, bw)
    .filter((c) => c.total <= d * stretch && c.plateau >= d * minPlateau)
    .sort((a, b) => a.total - b.total)
    .slice(0, MAX_CANDIDATES);

  const chosen: RouteShape[] = [best];
  for (const candidate of candidates) {
    if (chosen.length > extra) break;
    const arcs = [
      ...forwardArcs(graph, fw, candidate.node),
      ...backwardArcs(graph, bw, candidate.node),
    ];
    if (!arcs.length) continue;
    // Sharing and doubling back judged on the arcs first: drawing a route costs more.
    if (!acceptableArcs(graph, arcs, chosen)) continue;
    const path: RoutePath = {
      arcs,
      first: arcTail(graph, arcs[0]!),
      last: arcHead(graph, arcs[arcs.length - 1]!),
      weight: candidate.total,
    };
    const shape = shapeOf(graph, path, from, to);
    if (acceptable(graph, shape, chosen)) chosen.push(shape);
  }
  // Only where plateaus found no alternative at all: its rounds cost a search or two each.
  if (chosen.length === 1) penaltyAlternatives(graph, from, to, chosen, extra, d);
  return chosen;
}

/**
 * The arcs' own metres shared with each chosen route, and no node twice: a quick first test.
 * Shared ground is judged by corridor, so that a twin edge (the same road twice) is shared.
 */
function acceptableArcs(graph: RoadGraph, arcs: number[], chosen: readonly RouteShape[]) {
  const seen = new Set<number>();
  for (const arc of arcs) {
    const node = arcHead(graph, arc);
    if (seen.has(node)) return false;
    seen.add(node);
  }
  const corridor = corridorOf(graph);
  return !chosen.some((other) => {
    const used = corridorMetres(graph, other);
    let metres = 0;
    for (const arc of arcs) {
      const m = used.get(corridor[arc >> 1]!);
      if (m) metres += Math.min(m, graph.edgeLength[arc >> 1]!);
    }
    return metres > ALTERNATIVE_RULES.maxShare * other.distance;
  });
}

/**
 * The last test, on the drawn routes: shared metres are those on the same edges, or on the same
 * ground by other edges (a span to the next pole but one, a road loaded twice).
 */
function acceptable(graph: RoadGraph, shape: RouteShape, chosen: readonly RouteShape[]) {
  if (shape.revisits) return false;
  return !chosen.some((other) => {
    const limit = ALTERNATIVE_RULES.maxShare * other.distance;
    return shared(graph, shape, other) > limit || metresNear(shape.coords, other.coords) > limit;
  });
}

/**
 * The penalty method, where plateaus found no alternative (detours without junctions along them):
 * the edges of the routes found weigh more, the search runs again, and what it finds is kept
 * when it passes the same rules, its true weight within the stretch and locally optimal.
 */
function penaltyAlternatives(
  graph: RoadGraph,
  from: Snap,
  to: Snap,
  chosen: RouteShape[],
  extra: number,
  d: number,
) {
  const { stretch, penalty: factor, penaltyRounds, minPlateau } = ALTERNATIVE_RULES;
  const corridor = corridorOf(graph);
  // Per corridor, so that a twin of a road already taken weighs as much as the road.
  const onGround = new Float64Array(graph.edgeCount).fill(1);
  const penalty = new Float64Array(graph.edgeCount);
  const seeds = originSeeds(graph, from);
  const targets = destinationSeeds(graph, to);
  // Routes found, kept or not: a path refused (on the same ground as one kept) must weigh more
  // too, or the next round finds it again.
  const found: RouteShape[] = [...chosen];
  for (let round = 0; round < penaltyRounds && chosen.length <= extra; round++) {
    for (const route of found)
      for (const edge of route.edgeMetres.keys()) onGround[corridor[edge]!]! *= factor;
    for (let e = 0; e < graph.edgeCount; e++) penalty[e] = onGround[corridor[e]!]!;
    const tree = search(graph, 'forward', seeds, {
      targets,
      towards: { lng: to.lng, lat: to.lat },
      penalty,
    });
    const path = pathTo(graph, tree, tree.bestTarget, tree.best);
    if (!path) return;
    const weight = trueWeight(graph, path, seeds, targets);
    if (weight > d * stretch) return;
    const shape = shapeOf(graph, { ...path, weight }, from, to);
    found.push(shape);
    if (!acceptable(graph, shape, chosen)) continue;
    if (!locallyOptimal(graph, path.arcs, chosen[0]!, d * minPlateau)) continue;
    chosen.push(shape);
  }
}

/** A path's weight without penalties: its seeds' costs and its arcs' own weights. */
function trueWeight(graph: RoadGraph, path: RoutePath, seeds: Seed[], targets: Seed[]): number {
  let weight = Math.min(...seeds.filter((s) => s.node === path.first).map((s) => s.cost));
  weight += Math.min(...targets.filter((s) => s.node === path.last).map((s) => s.cost));
  for (const arc of path.arcs) weight += arcWeight(graph, arc);
  return weight;
}

const arcWeight = (graph: RoadGraph, arc: number) =>
  arc & 1 ? graph.edgeBackward[arc >> 1]! : graph.edgeForward[arc >> 1]!;

/**
 * The T-test (Abraham, Delling, Goldberg, Werneck): around the middle of the stretch that
 * leaves the best route, the sub-path of `span` weight (between points inside edges, if need
 * be) must itself be a shortest path.
 */
function locallyOptimal(graph: RoadGraph, arcs: number[], best: RouteShape, span: number) {
  const corridor = corridorOf(graph);
  const bestGround = corridorMetres(graph, best);
  const off = arcs.map((arc) => !bestGround.has(corridor[arc >> 1]!));
  const firstOff = off.indexOf(true);
  if (firstOff < 0) return false;
  const lastOff = off.lastIndexOf(true);
  // Cumulative weight at each arc's start; the detour's middle by weight.
  const at = [0];
  for (const arc of arcs) at.push(at[at.length - 1]! + arcWeight(graph, arc));
  const total = at[arcs.length]!;
  const middle = (at[firstOff]! + at[lastOff + 1]!) / 2;
  const a = pointAt(graph, arcs, at, Math.max(0, middle - span / 2));
  const b = pointAt(graph, arcs, at, Math.min(total, middle + span / 2));
  const along = b.position - a.position;
  const direct = directPath(graph, a.snap, b.snap);
  const check = search(graph, 'forward', originSeeds(graph, a.snap), {
    targets: destinationSeeds(graph, b.snap),
    bound: along * (1 + 1e-6) + 1e-6,
  });
  const shortest = Math.min(check.best, direct?.weight ?? Infinity);
  return along <= shortest * (1 + 1e-9) + 1e-9;
}

/** The point at a weight along a path of arcs, as a snap onto its edge. */
function pointAt(graph: RoadGraph, arcs: number[], at: number[], position: number) {
  let i = 0;
  while (i < arcs.length - 1 && at[i + 1]! < position) i++;
  const arc = arcs[i]!;
  const edge = arc >> 1;
  const w = arcWeight(graph, arc);
  const fraction = w > 0 ? Math.min(1, Math.max(0, (position - at[i]!) / w)) : 0;
  const length = graph.edgeLength[edge]!;
  const offset = (arc & 1 ? 1 - fraction : fraction) * length;
  const snap: Snap = { edge, offset, vertex: graph.geomStart[edge]!, lng: 0, lat: 0, distance: 0 };
  return { snap, position: at[i]! + fraction * w };
}

/** Metres of `a` that `b` also uses (the same ground, whichever twin edge each takes). */
function shared(graph: RoadGraph, a: RouteShape, b: RouteShape): number {
  const theirs = corridorMetres(graph, b);
  let metres = 0;
  for (const [ground, m] of corridorMetres(graph, a)) {
    const other = theirs.get(ground);
    if (other) metres += Math.min(m, other);
  }
  return metres;
}

/**
 * Every node settled by both searches where a plateau starts (the arc into it is not in the
 * backward tree), with the plateau's weight towards the destination and the route's weight.
 */
function plateauStarts(graph: RoadGraph, fw: SearchTree, bw: SearchTree) {
  const n = graph.nodeCount;
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  const inBoth = new Uint8Array(n);
  for (let i = 0; i < fw.settled; i++) inBoth[fw.order[i]!] = 1;
  for (let i = 0; i < fw.settled; i++) {
    const v = fw.order[i]!;
    const arc = fw.pred[v]!;
    if (arc < 0) continue;
    const u = arcTail(graph, arc);
    if (bw.pred[u] === arc) up[v] = up[u]! + (fw.dist[v]! - fw.dist[u]!);
  }
  for (let i = 0; i < bw.settled; i++) {
    const v = bw.order[i]!;
    if (inBoth[v] === 1) inBoth[v] = 2;
    const arc = bw.pred[v]!;
    if (arc < 0) continue;
    const w = arcHead(graph, arc);
    if (fw.pred[w] === arc) down[v] = down[w]! + (bw.dist[v]! - bw.dist[w]!);
  }
  const starts: { node: number; total: number; plateau: number }[] = [];
  for (let v = 0; v < n; v++) {
    if (inBoth[v] !== 2 || up[v]! > 0 || down[v]! <= 0) continue;
    starts.push({ node: v, total: fw.dist[v]! + bw.dist[v]!, plateau: down[v]! });
  }
  return starts;
}
