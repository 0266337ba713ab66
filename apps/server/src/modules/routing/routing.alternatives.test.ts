import { describe, expect, it } from 'vitest';
import type { ComputedRoute } from '@integration/contracts';
import { distinctRoutes } from './distinct-routes.ts';
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

  it('drops a route drawn exactly as an earlier one, whatever found it', () => {
    const route = (polyline: string, distance: number): ComputedRoute => ({
      polyline,
      distance,
      duration: distance / 5,
    });
    expect(distinctRoutes([route('a', 10), route('a', 10), route('b', 12)])).toEqual([
      route('a', 10),
      route('b', 12),
    ]);
  });
});
