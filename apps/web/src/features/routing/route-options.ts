import { decode } from '@googlemaps/polyline-codec';
import { along, length, lineString, point, pointToLineDistance } from '@turf/turf';
import type { ComputedRoute, LatLng } from '@integration/contracts';

/** A computed route as the map and the panel use it: its path decoded. */
export interface RouteOption extends Omit<ComputedRoute, 'polyline'> {
  path: LatLng[];
}

/** Google's encoded polyline (precision 5, as the API answers) as points. */
export const decodePath = (polyline: string): LatLng[] =>
  decode(polyline, 5).map(([lat, lng]) => ({ lat: lat ?? 0, lng: lng ?? 0 }));

export function decodeRoute({ polyline, ...rest }: ComputedRoute): RouteOption {
  return { ...rest, path: decodePath(polyline) };
}

/**
 * The server's route starts and ends at the asked points, rounded by the polyline's precision
 * (1e-5°, about a metre): an end this close is the cable's own end.
 */
const SAME_POINT_M = 2;

const metres = (a: LatLng, b: LatLng) => {
  const x = (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(x, (b.lat - a.lat) * 111_320);
};

/**
 * The cable's new path: the route, from and to the cable's own ends exactly, so the cable stays
 * connected to the equipment at its ends (a route from elsewhere gets a leg to each end).
 */
export function pathBetween(from: LatLng, to: LatLng, route: LatLng[]): LatLng[] {
  const path = [...route];
  const first = path[0];
  const last = path[path.length - 1];
  if (!first || metres(first, from) > SAME_POINT_M) path.unshift(from);
  else path[0] = from;
  if (!last || metres(last, to) > SAME_POINT_M || path.length === 1) path.push(to);
  else path[path.length - 1] = to;
  return path;
}

const line = (path: LatLng[]) => lineString(path.map((p) => [p.lng, p.lat]));

/** Where along a route its label may go, best first: the middle, then further out. */
const FRACTIONS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8];
/** A label this far from every other route reads as this route's beyond doubt. */
const CLEAR_M = 80;

/**
 * Where to pin each route's label: on a stretch it does not share with the others (the
 * sample farthest from them, the middle first), so that alternatives that overlap for most
 * of their length are still told apart.
 */
export function labelPoints(paths: LatLng[][]): (LatLng | null)[] {
  const lines = paths.map((p) => (p.length >= 2 ? line(p) : null));
  return paths.map((path, i) => {
    const own = lines[i];
    if (!own) return path[0] ?? null;
    const total = length(own, { units: 'meters' });
    const others = lines.filter((l, j) => l && j !== i) as ReturnType<typeof line>[];
    let best: { at: number[]; clear: number } | null = null;
    for (const fraction of FRACTIONS) {
      const at = along(own, total * fraction, { units: 'meters' }).geometry.coordinates;
      const clear = Math.min(
        Infinity,
        ...others.map((o) => pointToLineDistance(point(at), o, { units: 'meters' })),
      );
      if (!best || clear > best.clear) best = { at, clear };
      if (clear >= CLEAR_M) break;
    }
    const [lng = 0, lat = 0] = best?.at ?? [];
    return { lat, lng };
  });
}
