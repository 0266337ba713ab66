import { describe, expect, it } from 'vitest';
import type { ComputedRoute } from '@integration/contracts';
import { distinctRoutes } from './distinct-routes.ts';
import { encodePolyline } from './polyline.ts';
import { at, handMade, way } from './routing.fixtures.ts';
import { planRoutes } from './route-planner.ts';

/**
 * The same road twice in the network (two overlapping extracts added, a street drawn once per
 * direction): the alternatives once took the twin and listed the best route a second time.
 */
const P = at(0, 0);
const Q = at(0.01, 0);
const N = at(0.005, 0.0033);
const ll = (p: [number, number]) => ({ lng: p[0], lat: p[1] });
const ends = [ll(at(-0.0015, 0)), ll(at(0.0115, 0))];
const stubs = [way([at(-0.002, 0), P]), way([Q, at(0.012, 0)])];

describe('alternatives on a network holding the same road twice', () => {
  it('never offers the same path twice', () => {
    const twice = planRoutes(handMade([...stubs, way([P, Q]), way([P, Q])]), ends, 2);
    expect(twice).toHaveLength(1);
    const reversed = planRoutes(
      handMade([...stubs, way([P, Q]), way([Q, P]), way([P, N, Q]), way([N, at(0.0055, 0.0033)])]),
      ends,
      2,
    );
    expect(reversed).toHaveLength(2);
    expect(new Set(reversed.map((r) => r.polyline)).size).toBe(2);
    expect(reversed[1]?.distance).toBeGreaterThan((reversed[0]?.distance ?? 0) + 100);
  });

  it('never offers the same ground by other edges (a span to the next pole but one)', () => {
    // Poles P, M, Q in a line, each joined to the next and P straight to Q: "P → Q" and
    // "P → M → Q" are two paths on one course, listed twice before (same length, same cost).
    const M = at(0.005, 0);
    const routes = planRoutes(
      handMade([...stubs, way([P, Q]), way([P, M]), way([M, Q]), way([P, N, Q])]),
      ends,
      2,
    );
    expect(routes).toHaveLength(2);
    expect(routes[1]?.distance).toBeGreaterThan((routes[0]?.distance ?? 0) + 100);
  });

  it('drops a route on the course of an earlier one, whatever engine found it', () => {
    const route = (points: [number, number][]): ComputedRoute => ({
      polyline: encodePolyline(points.flat()),
      distance: 1,
      duration: 1,
    });
    const straight = route([P, Q]);
    const throughMiddle = route([P, at(0.005, 0), Q]);
    const north = route([P, N, Q]);
    expect(distinctRoutes([straight, straight, throughMiddle, north])).toEqual([straight, north]);
  });
});
