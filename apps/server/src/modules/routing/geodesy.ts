/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
/** Distances on the WGS84 sphere, in metres (haversine; within 0.5 % of the ellipsoid). */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export function haversineM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Length of a flat [lng, lat, lng, lat, …] line from vertex `from` to vertex `to` (inclusive). */
export function lineLengthM(coords: ArrayLike<number>, from = 0, to = coords.length / 2 - 1) {
  let total = 0;
  for (let i = from; i < to; i++) {
    total += haversineM(coords[2 * i]!, coords[2 * i + 1]!, coords[2 * i + 2]!, coords[2 * i + 3]!);
  }
  return total;
}

/** Metres per degree of longitude and latitude near a latitude (a local flat projection). */
export function metresPerDegree(lat: number): { x: number; y: number } {
  const y = EARTH_RADIUS_M * RAD;
  return { x: y * Math.cos(lat * RAD), y };
}
