import {
  INFRASTRUCTURE_KINDS,
  ROUTE_SNAP_MAX_M,
  type ComputedRoute,
  type InfrastructureKind,
  type LatLng,
} from '@integration/contracts';
import { bestRoute, routesWithAlternatives } from './alternatives.ts';
import { FALLBACK_SPEED_KMH } from './road-rules.ts';
import type { RoadGraph } from './road-graph.ts';
import { legMetres, type RouteShape } from './route-paths.ts';
import { EdgeIndex, type EdgeFinder, type Snap } from './snapping.ts';
import { encodePolyline } from './polyline.ts';

/**
 * A profile's graph ready for queries. Two-wheeler weights are seconds and edge kinds are
 * highway classes; infrastructure weights are costs and edge kinds are INFRASTRUCTURE_KINDS.
 */
export interface ProfileGraph {
  profile: 'two-wheeler' | 'infrastructure';
  graph: RoadGraph;
  index: EdgeFinder;
  /** Cost per metre of each infrastructure kind (the infrastructure profile). */
  costPerMetre?: Record<InfrastructureKind, number>;
}

export function profileGraph(
  profile: ProfileGraph['profile'],
  graph: RoadGraph,
  costPerMetre?: Record<InfrastructureKind, number>,
  index: EdgeFinder = new EdgeIndex(graph),
): ProfileGraph {
  return { profile, graph, index, costPerMetre };
}

/** Which asked point cannot be used: 'origin', 'destination', or waypoint n (1-based). */
export type PointName = { point: 'origin' | 'destination' } | { point: 'waypoint'; index: number };

export type PlanProblem =
  ({ problem: 'tooFar' } & PointName) | { problem: 'noPath'; leg: number; legs: number };

export class RoutePlanError extends Error {
  constructor(readonly detail: PlanProblem) {
    super(detail.problem);
  }
}

/** Metres per second of the straight legs between an asked point and its road. */
const LEG_SPEED = FALLBACK_SPEED_KMH / 3.6;

function pointName(i: number, count: number): PointName {
  if (i === 0) return { point: 'origin' };
  if (i === count - 1) return { point: 'destination' };
  return { point: 'waypoint', index: i };
}

/** Edges tried per point, nearest first, when the nearest leads nowhere (a one-way dead end). */
const SNAP_CHOICES = 4;
/** Pairs of snaps tried per leg. */
const PAIRS_TRIED = 6;

/**
 * Routes through the asked points, best first. With waypoints each leg is routed on its own
 * and joined (no alternatives); without, up to ROUTE_ALTERNATIVES_MAX routes. A point snaps
 * to its nearest edge; when no route joins the nearest edges, the next nearest are tried (as
 * OSRM prefers a snap in the connected network).
 */
export function planRoutes(
  pg: ProfileGraph,
  points: readonly LatLng[],
  alternatives: number,
): ComputedRoute[] {
  const choices: Snap[][] = points.map((p, i) => {
    const snaps = pg.index.nearestEdges(p.lng, p.lat, ROUTE_SNAP_MAX_M, SNAP_CHOICES);
    if (!snaps.length) {
      throw new RoutePlanError({ problem: 'tooFar', ...pointName(i, points.length) });
    }
    return snaps;
  });
  const legs = points.length - 1;
  const pairs = (i: number) =>
    (choices[i] ?? [])
      .flatMap((a) => (choices[i + 1] ?? []).map((b) => [a, b] as const))
      .sort((x, y) => x[0].distance + x[1].distance - (y[0].distance + y[1].distance))
      .slice(0, PAIRS_TRIED);
  if (legs === 1 && alternatives > 0) {
    for (const [from, to] of pairs(0)) {
      const shapes = routesWithAlternatives(pg.graph, from, to, alternatives);
      if (shapes.length) return shapes.map((shape) => answer(pg, points, [[from, to]], [shape]));
    }
    throw new RoutePlanError({ problem: 'noPath', leg: 1, legs });
  }
  const shapes: RouteShape[] = [];
  const snapped: [Snap, Snap][] = [];
  for (let i = 0; i < legs; i++) {
    let found = false;
    for (const [from, to] of pairs(i)) {
      const shape = bestRoute(pg.graph, from, to);
      if (!shape) continue;
      shapes.push(shape);
      snapped.push([from, to]);
      found = true;
      break;
    }
    if (!found) throw new RoutePlanError({ problem: 'noPath', leg: i + 1, legs });
  }
  return [answer(pg, points, snapped, shapes)];
}

/** One route in the API's shape: the legs joined, from the asked origin to the destination. */
function answer(
  pg: ProfileGraph,
  points: readonly LatLng[],
  snaps: readonly (readonly [Snap, Snap])[],
  shapes: readonly RouteShape[],
): ComputedRoute {
  const coords: number[] = [];
  const push = (lng: number, lat: number) => {
    const n = coords.length;
    if (n && coords[n - 2] === lng && coords[n - 1] === lat) return;
    coords.push(lng, lat);
  };
  let distance = 0;
  let weight = 0;
  let legMetresTotal = 0;
  const kinds = new Map<number, number>();
  shapes.forEach((shape, i) => {
    const from = points[i];
    const to = points[i + 1];
    const snap = snaps[i];
    if (!from || !to || !snap) return;
    push(from.lng, from.lat);
    for (let c = 0; c + 1 < shape.coords.length; c += 2) {
      push(shape.coords[c] ?? 0, shape.coords[c + 1] ?? 0);
    }
    push(to.lng, to.lat);
    const legs = legMetres(from, snap[0]) + legMetres(to, snap[1]);
    legMetresTotal += legs;
    distance += shape.distance + legs;
    weight += shape.weight;
    for (const [kind, m] of shape.kindMetres) kinds.set(kind, (kinds.get(kind) ?? 0) + m);
  });
  const route: ComputedRoute = {
    distance: round1(distance),
    duration: round1(
      pg.profile === 'two-wheeler' ? weight + legMetresTotal / LEG_SPEED : distance / LEG_SPEED,
    ),
    polyline: encodePolyline(coords),
  };
  if (pg.profile === 'infrastructure' && pg.costPerMetre) {
    const lengths = Object.fromEntries(INFRASTRUCTURE_KINDS.map((k) => [k, 0])) as Record<
      InfrastructureKind,
      number
    >;
    for (const [kind, m] of kinds) {
      const name = INFRASTRUCTURE_KINDS[kind];
      if (name) lengths[name] += m;
    }
    lengths.trench += legMetresTotal;
    let cost = 0;
    for (const k of INFRASTRUCTURE_KINDS) {
      lengths[k] = round1(lengths[k]);
      cost += lengths[k] * pg.costPerMetre[k];
    }
    route.cost = Math.round(cost);
    route.lengths = lengths;
  }
  return route;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
