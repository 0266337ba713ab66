import Flatbush from 'flatbush';
import {
  INFRASTRUCTURE_KINDS,
  type InfrastructureKind,
  type RoutingRules,
} from '@integration/contracts';
import { haversineM, metresPerDegree } from './geodesy.ts';
import { buildGraph, type GraphInputEdge, type RoadGraph } from './road-graph.ts';
import type { RoadEdgeRow } from './roads.repository.ts';
import { flat } from './two-wheeler-graph.ts';

/**
 * The infrastructure profile's graph (issue "Create Route"): a new cable is cheapest along what
 * exists. Existing cables are 'cable' edges; poles within a span of each other are joined by
 * 'aerial' spans, manholes by 'duct' runs; every road is a 'trench' (any class, both ways); each
 * pole, manhole and cable end is joined to the nearest road vertex by a short trench. Weights
 * are the project's cost per metre of each kind.
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

export function infrastructureGraph(
  roads: readonly RoadEdgeRow[],
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
  for (const road of roads)
    if (road.coordinates.length >= 2) edge(flat(road.coordinates), 'trench');

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

  const vertices = roads.flatMap((r) => r.coordinates.filter(isPoint));
  const nearest = nearestFinder(vertices);
  for (const p of [...poles, ...manholes, ...ends]) {
    const index = nearest(p, ROAD_LINK_MAX_M, 1)[0];
    const road = index === undefined ? undefined : vertices[index];
    if (road && (road[0] !== p[0] || road[1] !== p[1])) edge([...p, ...road], 'trench');
  }
  return buildGraph(input);
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
