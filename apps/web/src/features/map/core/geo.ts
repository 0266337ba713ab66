import { area, distance, length, lineString, point, polygon } from '@turf/turf';
import type { LatLng } from '@integration/contracts';

const pos = (p: LatLng) => [p.lng, p.lat];

/** Geodesic distance in metres. */
export const distanceM = (a: LatLng, b: LatLng) =>
  distance(point(pos(a)), point(pos(b)), { units: 'meters' });

/** Length of a path in metres. */
export const lengthM = (path: LatLng[]) =>
  path.length < 2 ? 0 : length(lineString(path.map(pos)), { units: 'meters' });

/** Area of a ring in square metres (the ring may be open). */
export function areaM2(ring: LatLng[]): number {
  if (ring.length < 3) return 0;
  const closed = [...ring, ring[0] as LatLng].map(pos);
  return area(polygon([closed]));
}

export function formatDistance(m: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: m < 1000 ? 1 : 3 });
  return m < 1000 ? `${n.format(m)} m` : `${n.format(m / 1000)} km`;
}

export function formatArea(m2: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return m2 < 1_000_000 ? `${n.format(m2)} m²` : `${n.format(m2 / 1_000_000)} km²`;
}

/** Bounding box [west, south, east, north] of points, or null for none. */
export function boundsOf(points: Iterable<LatLng>): [number, number, number, number] | null {
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const p of points) {
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  return w === Infinity ? null : [w, s, e, n];
}
