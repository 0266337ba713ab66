import * as codec from '@googlemaps/polyline-codec';

// Note: the package has no "exports" map; Node loads its UMD build, whose functions sit on the
// default export, while bundlers load its ES build with named exports. Either works here.
const { encode, decode } = (codec as unknown as { default?: typeof codec }).default ?? codec;

/** Google's encoded polyline algorithm at precision 5, from flat [lng, lat, …] coordinates. */
export function encodePolyline(coords: readonly number[]): string {
  const path: [number, number][] = [];
  for (let i = 0; i + 1 < coords.length; i += 2) path.push([coords[i + 1] ?? 0, coords[i] ?? 0]);
  return encode(path, 5);
}

/** Back to [lat, lng] pairs (precision 6 for Valhalla's shapes). */
export function decodePolyline(polyline: string, precision = 5): [number, number][] {
  return decode(polyline, precision).map(([lat = 0, lng = 0]) => [lat, lng] as [number, number]);
}
