import { encode } from '@googlemaps/polyline-codec';
import { describe, expect, it } from 'vitest';
import { decodePath, decodeRoute, labelPoints, pathBetween } from './route-options.ts';

const P = (lat: number, lng: number) => ({ lat, lng });

describe('route options', () => {
  it("decodes a precision-5 polyline (Google's example)", () => {
    expect(decodePath('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      P(38.5, -120.2),
      P(40.7, -120.95),
      P(43.252, -126.453),
    ]);
  });

  it('keeps distance, duration and the infrastructure figures', () => {
    const polyline = encode([
      [-1.28, 36.82],
      [-1.281, 36.821],
    ]);
    const route = decodeRoute({
      distance: 150,
      duration: 30,
      polyline,
      cost: 900,
      lengths: { aerial: 100, duct: 0, cable: 0, trench: 50 },
    });
    expect(route.path).toEqual([P(-1.28, 36.82), P(-1.281, 36.821)]);
    expect(route).toMatchObject({ distance: 150, duration: 30, cost: 900 });
    expect(route.lengths?.trench).toBe(50);
  });

  it("runs the route from and to the cable's own ends", () => {
    const from = P(-1.28, 36.82);
    const to = P(-1.282, 36.822);
    const route = [P(-1.2801, 36.8201), P(-1.281, 36.821), P(-1.2819, 36.8219)];
    expect(pathBetween(from, to, route)).toEqual([from, ...route, to]);
    // An end the polyline rounded (under two metres) is the cable's own, not doubled.
    const onRoad = [P(-1.28001, 36.82001), P(-1.281, 36.821), to];
    expect(pathBetween(from, to, onRoad)).toEqual([from, P(-1.281, 36.821), to]);
    expect(pathBetween(from, to, [])).toEqual([from, to]);
  });

  it('pins labels where the routes part, not on a shared stretch', () => {
    // Two routes from A to B: one east then north, the other north then east.
    const a = P(0, 0);
    const b = P(0.01, 0.01);
    const first = [a, P(0, 0.01), b];
    const second = [a, P(0.01, 0), b];
    const [one, two] = labelPoints([first, second]);
    expect(one).toBeTruthy();
    expect(two).toBeTruthy();
    // Each label sits on its own route, away from the other's corner.
    expect(Math.abs((one?.lat ?? 1) - 0)).toBeLessThan(1e-6);
    expect(Math.abs((two?.lng ?? 1) - 0)).toBeLessThan(1e-6);
  });

  it('moves a label off the stretch a route shares with another', () => {
    const shared = [P(0, 0), P(0, 0.01)];
    const best = [...shared, P(0, 0.02)];
    const other = [...shared, P(0.005, 0.015), P(0, 0.02)];
    const [, label] = labelPoints([best, other]);
    // The middle of the other route is where it leaves the shared street.
    expect(label?.lat ?? 0).toBeGreaterThan(0.001);
  });
});
