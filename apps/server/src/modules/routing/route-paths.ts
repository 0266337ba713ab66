/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import { haversineM } from './geodesy.ts';
import { arcHead, arcTail, type Seed } from './graph-search.ts';
import type { RoadGraph } from './road-graph.ts';
import type { Snap } from './snapping.ts';

/**
 * A route between two snapped points: the arcs between the seeds, or none when both points lie
 * on one edge and the route runs along it (`direct`).
 */
export interface RoutePath {
  arcs: number[];
  /** The node the arcs start from (the origin's seed) and end at; -1 for a direct route. */
  first: number;
  last: number;
  weight: number;
}

/** A route drawn: flat coordinates, metres, weight, metres by edge kind, edges used. */
export interface RouteShape {
  coords: number[];
  distance: number;
  weight: number;
  kindMetres: Map<number, number>;
  /** Each edge used, with the metres of it used. */
  edgeMetres: Map<number, number>;
  /** Whether some node is passed twice (a detour that doubles back). */
  revisits: boolean;
}

const perMetre = (graph: RoadGraph, edge: number, forward: boolean) => {
  const length = graph.edgeLength[edge]!;
  const w = forward ? graph.edgeForward[edge]! : graph.edgeBackward[edge]!;
  return length > 0 ? w / length : w;
};

/** The origin's seeds: the ends of its edge that may be driven to from the snapped point. */
export function originSeeds(graph: RoadGraph, snap: Snap): Seed[] {
  const e = snap.edge;
  const seeds: Seed[] = [];
  const ahead = graph.edgeLength[e]! - snap.offset;
  if (Number.isFinite(graph.edgeForward[e]!))
    seeds.push({ node: graph.edgeTo[e]!, cost: ahead * perMetre(graph, e, true) });
  if (Number.isFinite(graph.edgeBackward[e]!))
    seeds.push({ node: graph.edgeFrom[e]!, cost: snap.offset * perMetre(graph, e, false) });
  return seeds;
}

/** The destination's seeds: the ends of its edge from which the snapped point may be reached. */
export function destinationSeeds(graph: RoadGraph, snap: Snap): Seed[] {
  const e = snap.edge;
  const seeds: Seed[] = [];
  if (Number.isFinite(graph.edgeForward[e]!))
    seeds.push({ node: graph.edgeFrom[e]!, cost: snap.offset * perMetre(graph, e, true) });
  if (Number.isFinite(graph.edgeBackward[e]!)) {
    const behind = graph.edgeLength[e]! - snap.offset;
    seeds.push({ node: graph.edgeTo[e]!, cost: behind * perMetre(graph, e, false) });
  }
  return seeds;
}

/** Both points on one edge, in a direction it may be driven: the stretch between them. */
export function directPath(graph: RoadGraph, from: Snap, to: Snap): RoutePath | null {
  if (from.edge !== to.edge) return null;
  const forward = to.offset >= from.offset;
  const w = perMetre(graph, from.edge, forward);
  if (!Number.isFinite(w)) return null;
  return { arcs: [], first: -1, last: -1, weight: Math.abs(to.offset - from.offset) * w };
}

/** Vertices a to b inclusive, by step +1 or -1 (none when b is before a), appended to out. */
function pushVertices(graph: RoadGraph, out: number[], a: number, b: number, step: 1 | -1) {
  const c = graph.coords;
  for (let v = a; step > 0 ? v <= b : v >= b; v += step) out.push(c[2 * v]!, c[2 * v + 1]!);
}

function add(map: Map<number, number>, key: number, value: number) {
  if (value > 0) map.set(key, (map.get(key) ?? 0) + value);
}

/** Draws a path: the partial edge from the origin, whole edges, the partial edge to the end. */
export function shapeOf(graph: RoadGraph, path: RoutePath, from: Snap, to: Snap): RouteShape {
  const coords: number[] = [from.lng, from.lat];
  const kindMetres = new Map<number, number>();
  const edgeMetres = new Map<number, number>();
  let distance = 0;
  const part = (edge: number, metres: number) => {
    distance += metres;
    add(kindMetres, graph.edgeKind[edge]!, metres);
    add(edgeMetres, edge, metres);
  };
  if (path.first < 0) {
    // Along one edge: the vertices strictly between the two points.
    if (to.offset >= from.offset) pushVertices(graph, coords, from.vertex + 1, to.vertex, 1);
    else pushVertices(graph, coords, from.vertex, to.vertex + 1, -1);
    part(from.edge, Math.abs(to.offset - from.offset));
  } else {
    const e = from.edge;
    if (path.first === graph.edgeTo[e]!) {
      pushVertices(graph, coords, from.vertex + 1, graph.geomEnd[e]!, 1);
      part(e, graph.edgeLength[e]! - from.offset);
    } else {
      pushVertices(graph, coords, from.vertex, graph.geomStart[e]!, -1);
      part(e, from.offset);
    }
    for (const arc of path.arcs) {
      const edge = arc >> 1;
      if (arc & 1)
        pushVertices(graph, coords, graph.geomEnd[edge]! - 1, graph.geomStart[edge]!, -1);
      else pushVertices(graph, coords, graph.geomStart[edge]! + 1, graph.geomEnd[edge]!, 1);
      part(edge, graph.edgeLength[edge]!);
    }
    const t = to.edge;
    if (path.last === graph.edgeFrom[t]!) {
      pushVertices(graph, coords, graph.geomStart[t]! + 1, to.vertex, 1);
      part(t, to.offset);
    } else {
      pushVertices(graph, coords, graph.geomEnd[t]! - 1, to.vertex + 1, -1);
      part(t, graph.edgeLength[t]! - to.offset);
    }
  }
  coords.push(to.lng, to.lat);
  return {
    coords: dropRepeats(coords),
    distance,
    weight: path.weight,
    kindMetres,
    edgeMetres,
    revisits: revisits(graph, path),
  };
}

function revisits(graph: RoadGraph, path: RoutePath): boolean {
  if (!path.arcs.length) return false;
  const seen = new Set<number>([arcTail(graph, path.arcs[0]!)]);
  for (const arc of path.arcs) {
    const node = arcHead(graph, arc);
    if (seen.has(node)) return true;
    seen.add(node);
  }
  return false;
}

/** Consecutive equal vertices (a snap onto a vertex) drawn once. */
function dropRepeats(coords: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < coords.length; i += 2) {
    const n = out.length;
    if (n && out[n - 2] === coords[i] && out[n - 1] === coords[i + 1]) continue;
    out.push(coords[i]!, coords[i + 1]!);
  }
  return out;
}

/** Metres between two points, for the straight leg from an asked point to its snap. */
export const legMetres = (a: { lng: number; lat: number }, b: { lng: number; lat: number }) =>
  haversineM(a.lng, a.lat, b.lng, b.lat);
