/** Decimals of a coordinate as shown: 6 is about 0.1 m, finer than any survey we draw from. */
export const COORDINATE_DECIMALS = 6;

/**
 * A 'lat, lng' text as shown to people: the server keeps (and answers) full double precision,
 * which reads as 16 decimals of noise. Anything else is shown as it is.
 */
export function displayCoordinates(value: string): string {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '' || !Number.isFinite(Number(p)))) {
    return value;
  }
  return parts.map((p) => Number(p).toFixed(COORDINATE_DECIMALS)).join(', ');
}
