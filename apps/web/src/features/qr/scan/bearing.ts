/**
 * Which way an element lies from the crew: the initial great-circle bearing, and its point of
 * an eight-point compass (N, NE… NW), enough to tell two poles "43 m" away apart.
 */

export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

interface Position {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Degrees clockwise from true north, 0 ≤ bearing < 360, from `from` towards `to`. */
export function bearingDegrees(from: Position, to: Position): number {
  const lat1 = radians(from.lat);
  const lat2 = radians(to.lat);
  const dLng = radians(to.lng - from.lng);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  const degrees = (Math.atan2(y, x) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/** The nearest of the eight points, each covering 45° centred on it. */
export function compassPoint(degrees: number): CompassPoint {
  const index = Math.round((((degrees % 360) + 360) % 360) / 45) % 8;
  return COMPASS_POINTS[index] ?? 'N';
}

/** The compass point of `to` from `from`, or null when they are the same place. */
export function compassPointTo(from: Position, to: Position): CompassPoint | null {
  if (from.lat === to.lat && from.lng === to.lng) return null;
  return compassPoint(bearingDegrees(from, to));
}
