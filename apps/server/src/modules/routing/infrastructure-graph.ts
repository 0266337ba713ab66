import Flatbush from 'flatbush';
import {
  INFRASTRUCTURE_KINDS,
  type InfrastructureKind,
  type RoutingRules,
} from '@integration/contracts';
import { haversineM, metresPerDegree } from './geodesy.ts';
import { buildGraph, extendGraph, type GraphInputEdge, type RoadGraph } from './road-graph.ts';
import type { RoadEdgeRow } from './roads.repository.ts';
import { wayCoords, type RoadWays } from './road-ways.ts';
import { asWays, flat } from './two-wheeler-graph.ts';

/**
 * The infrastructure profile's graph (issue "Create Route"): a new cable is cheapest along what
 * exists. Existing cables are 'cable' edges; poles within a span of each other are joined by
 * 'aerial' spans, manholes by 'duct' runs; every road is a 'trench' (any class, both ways); each
 * pole, manhole and cable end is joined to the nearest road vertex by a short trench. Weights
 * are the project's cost per metre of each kind.
 *
 * Built in two layers (issue 25): the roads (`infrastructureBase`, every road vertex a node, kept
 * while the roads and settings hold) and the overlay of the clusters' elements over them
 * (`withInfrastructure`), so that an element edited rebuilds the overlay only.
 */
export const AERIAL_SPAN_MAX_M = 80;
export const DUCT_RUN_MAX_M = 250;
/** How far an element may lie from the road it joins. */
export const ROAD_LINK_MAX_M = 150;
/** Neighbours joined per pole or manhole (nearest first). */
const NEIGHBOURS = 4;

export interface InfrastructureElement {
  id: number;
  type: 'Pole' | 'Manhole' | 'Cable';
  coordinates: unknown;
}

const KIND = Object.fromEntries(INFRASTRUCTURE_KINDS.map((k, i) => [k, i])) as Record<
  InfrastructureKind,
  number
>;

type Point = [number, number];
const isPoint = (c: unknown): c is Point =>
  Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number';

/** The roads as trenches, every vertex a node, and a lookup of the nearest node. */
export interface InfrastructureBase {
  graph: RoadGraph;
  nodes: NodeIndex;
}

export function infrastructureBase(
  roads: RoadWays | readonly RoadEdgeRow[],
  settings: RoutingRules,
): InfrastructureBase {
  const ways = asWays(roads);
  const trench = settings.costPerMetre.trench;
  const input: GraphInputEdge[] = [];
  for (let i = 0; i < ways.count; i++) {
    const coords = wayCoords(ways, i);
    if (coords.length < 4) continue;
    input.push({
      coords,
      forwardPerMetre: trench,
      backwardPerMetre: trench,
      kind: KIND.trench,
    });
  }
  const graph = buildGraph(input, { everyVertex: true });
  return { graph, nodes: new NodeIndex(graph) };
}

/** The base and the elements' edges: cables, spans, duct runs and their links to the roads. */
export function withInfrastructure(
  base: InfrastructureBase,
  elements: readonly InfrastructureElement[],
  settings: RoutingRules,
): RoadGraph {
  const cost = settings.costPerMetre;
  const input: GraphInputEdge[] = [];
  const edge = (coords: number[], kind: InfrastructureKind, source?: number) =>
    input.push({
      coords,
      forwardPerMetre: cost[kind],
      backwardPerMetre: cost[kind],
      kind: KIND[kind],
      source,
    });
  const poles: Point[] = [];
  const manholes: Point[] = [];
  const ends: Point[] = [];
  for (const element of elements) {
    if (element.type === 'Cable') {
      const line = (element.coordinates as unknown[]).filter(isPoint);
      const [first, last] = [line[0], line[line.length - 1]];
      if (line.length < 2 || !first || !last) continue;
      edge(flat(line), 'cable', element.id);
      ends.push(first, last);
    } else if (isPoint(element.coordinates)) {
      (element.type === 'Pole' ? poles : manholes).push(element.coordinates);
    }
  }
  joinNeighbours(poles, AERIAL_SPAN_MAX_M, (a, b) => edge([...a, ...b], 'aerial'));
  joinNeighbours(manholes, DUCT_RUN_MAX_M, (a, b) => edge([...a, ...b], 'duct'));

  const g = base.graph;
  for (const p of [...poles, ...manholes, ...ends]) {
    const node = base.nodes.nearest(p, ROAD_LINK_MAX_M);
    if (node < 0) continue;
    const road: Point = [g.nodeLng[node] ?? 0, g.nodeLat[node] ?? 0];
    if (road[0] !== p[0] || road[1] !== p[1]) edge([...p, ...road], 'trench');
  }
  return extendGraph(g, input, (lng, lat) => base.nodes.at(lng, lat));
}

/** The old single-layer build: roads and elements at once (tests compare the two). */
export function infrastructureGraph(
  roads: RoadWays | readonly RoadEdgeRow[],
  elements: readonly InfrastructureElement[],
  settings: RoutingRules,
): RoadGraph {
  return withInfrastructure(infrastructureBase(roads, settings), elements, settings);
}

/** The nodes of a graph in a packed R-tree, in a local metric projection. */
export class NodeIndex {
  private readonly index: Flatbush | null;
  private readonly kx: number;
  private readonly ky: number;

  constructor(private readonly graph: RoadGraph) {
    const lat0 = graph.nodeCount ? (graph.nodeLat[0] ?? 0) : 0;
    const scale = metresPerDegree(lat0);
    this.kx = scale.x;
    this.ky = scale.y;
    this.index = graph.nodeCount ? new Flatbush(graph.nodeCount) : null;
    for (let i = 0; i < graph.nodeCount; i++) {
      const x = (graph.nodeLng[i] ?? 0) * this.kx;
      const y = (graph.nodeLat[i] ?? 0) * this.ky;
      this.index?.add(x, y, x, y);
    }
    this.index?.finish();
  }

  get bytes(): number {
    return this.index?.data.byteLength ?? 0;
  }

  /** The nearest node within maxM metres, or -1. */
  nearest(p: Point, maxM: number): number {
    if (!this.index) return -1;
    const g = this.graph;
    const found = this.index
      .neighbors(p[0] * this.kx, p[1] * this.ky, 4, maxM * 1.01)
      .filter((i) => haversineM(p[0], p[1], g.nodeLng[i] ?? 0, g.nodeLat[i] ?? 0) <= maxM);
    return found[0] ?? -1;
  }

  /** The node exactly at a point (to 1e-7 degree, as the graph joins vertices), or -1. */
  at(lng: number, lat: number): number {
    if (!this.index) return -1;
    const g = this.graph;
    const same = (i: number) =>
      Math.round((g.nodeLng[i] ?? 0) * 1e7) === Math.round(lng * 1e7) &&
      Math.round((g.nodeLat[i] ?? 0) * 1e7) === Math.round(lat * 1e7);
    for (const i of this.index.neighbors(lng * this.kx, lat * this.ky, 4, 0.05)) {
      if (same(i)) return i;
    }
    return -1;
  }
}

/** Each point joined to its nearest others within maxM, each pair once. */
function joinNeighbours(points: Point[], maxM: number, join: (a: Point, b: Point) => void) {
  const nearest = nearestFinder(points);
  const done = new Set<string>();
  points.forEach((p, i) => {
    for (const j of nearest(p, maxM, NEIGHBOURS + 1)) {
      const q = points[j];
      if (!q || j === i || (q[0] === p[0] && q[1] === p[1])) continue;
      const pair = i < j ? `${i}:${j}` : `${j}:${i}`;
      if (done.has(pair)) continue;
      done.add(pair);
      join(p, q);
    }
  });
}

/** Indices of the points nearest to a point within maxM metres, nearest first. */
function nearestFinder(points: Point[]) {
  const [first] = points;
  if (!first) return () => [] as number[];
  const scale = metresPerDegree(first[1]);
  const index = new Flatbush(points.length);
  for (const [lng, lat] of points) {
    index.add(lng * scale.x, lat * scale.y, lng * scale.x, lat * scale.y);
  }
  index.finish();
  return (p: Point, maxM: number, count: number): number[] =>
    index.neighbors(p[0] * scale.x, p[1] * scale.y, count, maxM).filter((i) => {
      const q = points[i];
      return q !== undefined && haversineM(p[0], p[1], q[0], q[1]) <= maxM;
    });
}
