/* eslint-disable @typescript-eslint/no-non-null-assertion -- flat coordinate arrays read in loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import { metresPerDegree } from './geodesy.ts';

/**
 * Whether two routes run the same course on the ground, whatever edges they take. Alternatives
 * judged by edge ids alone listed the same route twice (issue 24): along a line of poles, spans
 * join each pole to its neighbours and to the next but one, so "pole 1 → 3" and "1 → 2 → 3" are
 * different edges on the same ground, as are a road and the same road loaded twice.
 */

/** Closer than this, a route runs on the same ground as another (a road's width). */
export const SAME_GROUND_M = 5;
/** Pieces of a route tested one by one, at most this long. */
const STEP_M = 10;

/**
 * Metres of `a` (flat [lng, lat, …]) that run within `tolerance` of `b`: each piece of `a` is
 * tested at its middle.
 */
export function metresNear(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  tolerance = SAME_GROUND_M,
): number {
  if (a.length < 4 || b.length < 4) return 0;
  const scale = metresPerDegree(a[1]!);
  const pa = projected(a, scale);
  const pb = projected(b, scale);
  let near = 0;
  for (let i = 0; i + 3 < pa.length; i += 2) {
    const [x1, y1, x2, y2] = [pa[i]!, pa[i + 1]!, pa[i + 2]!, pa[i + 3]!];
    const length = Math.hypot(x2 - x1, y2 - y1);
    const pieces = Math.max(1, Math.ceil(length / STEP_M));
    for (let k = 0; k < pieces; k++) {
      const f = (k + 0.5) / pieces;
      if (nearLine(x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, pb, tolerance)) near += length / pieces;
    }
  }
  return near;
}

/** A line in local metres. */
function projected(line: ArrayLike<number>, scale: { x: number; y: number }): Float64Array {
  const out = new Float64Array(line.length);
  for (let i = 0; i + 1 < line.length; i += 2) {
    out[i] = line[i]! * scale.x;
    out[i + 1] = line[i + 1]! * scale.y;
  }
  return out;
}

function nearLine(px: number, py: number, line: Float64Array, tolerance: number): boolean {
  for (let j = 0; j + 3 < line.length; j += 2) {
    const ax = line[j]!;
    const ay = line[j + 1]!;
    const bx = line[j + 2]!;
    const by = line[j + 3]!;
    // Far from the segment's box: no need to measure.
    if (px < Math.min(ax, bx) - tolerance || px > Math.max(ax, bx) + tolerance) continue;
    if (py < Math.min(ay, by) - tolerance || py > Math.max(ay, by) + tolerance) continue;
    const dx = bx - ax;
    const dy = by - ay;
    const squared = dx * dx + dy * dy;
    const t =
      squared > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / squared)) : 0;
    if (Math.hypot(px - (ax + t * dx), py - (ay + t * dy)) <= tolerance) return true;
  }
  return false;
}

const lengthOf = (line: ArrayLike<number>) => {
  const scale = metresPerDegree(line[1] ?? 0);
  const p = projected(line, scale);
  let total = 0;
  for (let i = 0; i + 3 < p.length; i += 2)
    total += Math.hypot(p[i + 2]! - p[i]!, p[i + 3]! - p[i + 1]!);
  return total;
};

/** The same course both ways: all but a sliver of each runs beside the other. */
export function sameCourse(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const SLIVER = 0.02;
  return (
    metresNear(a, b) >= (1 - SLIVER) * lengthOf(a) && metresNear(b, a) >= (1 - SLIVER) * lengthOf(b)
  );
}
