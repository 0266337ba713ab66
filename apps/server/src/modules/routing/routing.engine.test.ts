import { describe, expect, it } from 'vitest';
import { decodePolyline, encodePolyline } from './polyline.ts';
import { at, defined, handMade, way } from './routing.fixtures.ts';
import { planRoutes, RoutePlanError } from './route-planner.ts';
import { readOneWay } from './road-rules.ts';

/**
 * A hand-made network between P (0, 0) and Q (0.01°, 0), ~1,113 m apart: the straight road,
 * a road 1.2 × as long through N (north), one 1.28 × as long through S (south), one 1.56 × as
 * long through F (far north: beyond the stretch), and stubs from O (west of P) and to T (east
 * of Q). Each detour has a side street at its middle, so it has a junction there.
 */
const P = at(0, 0);
const Q = at(0.01, 0);
const O = at(-0.002, 0);
const T = at(0.012, 0);
const N = at(0.005, 0.0033);
const S = at(0.005, -0.004);
const F = at(0.005, 0.006);
const sides = [N, S, F].map((m) => way([m, [m[0] + 0.0005, m[1]]]));
const network = (straightOneWay: -1 | 0 | 1 = 0) =>
  handMade([
    way([O, P]),
    way([P, Q], straightOneWay),
    way([P, N, Q]),
    way([P, S, Q]),
    way([P, F, Q]),
    way([Q, T]),
    ...sides,
    // An island: a road nothing joins.
    way([at(0.02, 0.02), at(0.021, 0.02)]),
  ]);
const ll = (p: [number, number]) => ({ lng: p[0], lat: p[1] });
const origin = ll(at(-0.0015, 0));
const destination = ll(at(0.0115, 0));
const metres = (deg: number) => deg * 111_195;

describe('the engine on a hand-made network', () => {
  it('answers the straight road first, then the two detours within the stretch', () => {
    const routes = planRoutes(network(), [origin, destination], 2);
    expect(routes).toHaveLength(3);
    const [best, second, third] = routes.map((r) => r.distance);
    expect(best).toBeCloseTo(metres(0.013), -1);
    expect(second).toBeCloseTo(metres(0.003 + 2 * Math.hypot(0.005, 0.0033)), -1);
    expect(third).toBeCloseTo(metres(0.003 + 2 * Math.hypot(0.005, 0.004)), -1);
    // The far detour (1.56 × the middle) is beyond the stretch limit.
    expect(routes.map((r) => r.duration)).toEqual(
      [...routes.map((r) => r.duration)].sort((a, b) => a - b),
    );
  });

  it('draws each route from the asked origin to the asked destination through its road', () => {
    const [best, second] = planRoutes(network(), [origin, destination], 2);
    const line = decodePolyline(defined(best).polyline);
    expect(line[0]).toEqual([origin.lat, origin.lng].map((n) => Math.round(n * 1e5) / 1e5));
    expect(line[line.length - 1]).toEqual(
      [destination.lat, destination.lng].map((n) => Math.round(n * 1e5) / 1e5),
    );
    expect(line.every(([lat]) => Math.abs(lat - P[1]) < 1e-5)).toBe(true);
    const north = decodePolyline(defined(second).polyline);
    expect(
      north.some(([lat, lng]) => Math.abs(lat - N[1]) < 1e-5 && Math.abs(lng - N[0]) < 1e-5),
    ).toBe(true);
  });

  it('answers one route without alternatives', () => {
    const routes = planRoutes(network(), [origin, destination], 0);
    expect(routes).toHaveLength(1);
    expect(routes[0]?.distance).toBeCloseTo(metres(0.013), -1);
  });

  it('keeps a one-way road one way', () => {
    // The straight road runs Q → P only: P → Q takes the northern detour.
    const there = defined(planRoutes(network(-1), [origin, destination], 0)[0]);
    expect(there.distance).toBeCloseTo(metres(0.003 + 2 * Math.hypot(0.005, 0.0033)), -1);
    const back = defined(planRoutes(network(-1), [destination, origin], 0)[0]);
    expect(back.distance).toBeCloseTo(metres(0.013), -1);
  });

  it('routes along one edge when both points lie on it, and the other way round', () => {
    const a = ll(at(-0.0018, 0.0001));
    const b = ll(at(-0.0004, -0.0001));
    const [ab] = planRoutes(network(), [a, b], 2);
    const [ba] = planRoutes(network(), [b, a], 2);
    expect(ab?.distance).toBeCloseTo(metres(0.0014) + 2 * metres(0.0001), -1);
    expect(ba?.distance).toBeCloseTo(defined(ab).distance, 3);
  });

  it('snaps a point onto the nearest road, projecting it onto the edge', () => {
    const off = ll(at(0.003, 0.0009)); // 100 m north of the straight road, between junctions
    const [route] = planRoutes(network(), [off, destination], 0);
    const line = decodePolyline(defined(route).polyline);
    expect(line[1]).toEqual([P[1], Math.round((P[0] + 0.003) * 1e5) / 1e5]);
  });

  it('names the point that is too far from every road', () => {
    const far = ll(at(-0.01, -0.01)); // ~1.4 km from any road
    const problem = (points: { lng: number; lat: number }[]) => {
      try {
        planRoutes(network(), points, 0);
      } catch (error) {
        return (error as RoutePlanError).detail;
      }
      return null;
    };
    expect(problem([far, destination])).toMatchObject({ problem: 'tooFar', point: 'origin' });
    expect(problem([origin, far])).toMatchObject({ problem: 'tooFar', point: 'destination' });
    expect(problem([origin, destination, far, destination])).toMatchObject({
      problem: 'tooFar',
      point: 'waypoint',
      index: 2,
    });
  });

  it('says when no path joins the points', () => {
    expect(() => planRoutes(network(), [origin, ll(at(0.0205, 0.0201))], 2)).toThrow(
      RoutePlanError,
    );
    try {
      planRoutes(network(), [origin, destination, ll(at(0.0205, 0.0201))], 0);
    } catch (error) {
      expect((error as RoutePlanError).detail).toEqual({ problem: 'noPath', leg: 2, legs: 2 });
    }
  });

  it('routes through waypoints leg by leg', () => {
    const via = ll(S);
    const [route] = planRoutes(network(), [origin, via, destination], 2);
    expect(route?.distance).toBeCloseTo(metres(0.003 + 2 * Math.hypot(0.005, 0.004)), -1);
  });

  it('reads one-way tags as OSM and Geofabrik write them', () => {
    expect(['yes', 'true', '1', 'F'].map((v) => readOneWay(v, null))).toEqual([1, 1, 1, 1]);
    expect(['-1', 'reverse', 'T'].map((v) => readOneWay(v, null))).toEqual([-1, -1, -1]);
    expect(readOneWay(null, 'roundabout')).toBe(1);
    expect(readOneWay('no', 'roundabout')).toBe(0);
    expect(readOneWay(null, null)).toBe(0);
  });
});

describe('polylines', () => {
  it("encode Google's example and decode it back (precision 5)", () => {
    const coords = [-120.2, 38.5, -120.95, 40.7, -126.453, 43.252];
    const encoded = encodePolyline(coords);
    expect(encoded).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline(encoded)).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });
});
