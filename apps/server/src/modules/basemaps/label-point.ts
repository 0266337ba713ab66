import type { Position } from 'geojson';

/** Rings of a polygon: the outer ring first, then its holes (GeoJSON order). */
type Rings = Position[][];

/** Each edge of a closed ring as [x0, y0, x1, y1]. */
function* edges(ring: Position[]): Generator<[number, number, number, number]> {
  let previous = ring[ring.length - 1];
  for (const point of ring) {
    if (previous) yield [previous[0] ?? 0, previous[1] ?? 0, point[0] ?? 0, point[1] ?? 0];
    previous = point;
  }
}

/** Signed planar area and centroid of a ring (shoelace), in degrees. */
function ringCentroid(ring: Position[]): { area: number; x: number; y: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const [x0, y0, x1, y1] of edges(ring)) {
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  if (area === 0) return { area: 0, x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0 };
  return { area, x: cx / (6 * area), y: cy / (6 * area) };
}

/** Area on the ground, roughly (square degrees shrunk by the cosine of the latitude). */
export function polygonArea(rings: Rings): number {
  const outer = rings[0];
  if (!outer || outer.length < 4) return 0;
  const { area, y } = ringCentroid(outer);
  const holes = rings.slice(1).reduce((sum, hole) => sum + Math.abs(ringCentroid(hole).area), 0);
  return (Math.abs(area) - holes) * Math.cos((y * Math.PI) / 180);
}

/** The x where each edge of the rings crosses the horizontal line at y, sorted. */
function crossings(rings: Rings, y: number): number[] {
  const xs: number[] = [];
  for (const ring of rings) {
    for (const [x0, y0, x1, y1] of edges(ring)) {
      if (y0 > y !== y1 > y) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
    }
  }
  return xs.sort((a, b) => a - b);
}

/**
 * A point inside a polygon to hang its label on: the centroid when it falls inside (the
 * usual case), else the middle of the widest inside stretch of the horizontal line through
 * the centroid (crescents, C-shaped coasts, where the centroid is at sea).
 */
export function labelPoint(rings: Rings): Position {
  const outer = rings[0] ?? [];
  const { x, y } = ringCentroid(outer);
  const xs = crossings(rings, y);
  let best: { mid: number; width: number } | undefined;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const [a = 0, b = 0] = [xs[i], xs[i + 1]];
    if (x >= a && x <= b) return [x, y];
    if (!best || b - a > best.width) best = { mid: (a + b) / 2, width: b - a };
  }
  return best ? [best.mid, y] : (outer[0] ?? [x, y]);
}
