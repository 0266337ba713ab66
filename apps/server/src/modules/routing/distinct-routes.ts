import type { ComputedRoute } from '@integration/contracts';
import { decodePolyline } from './polyline.ts';
import { sameCourse } from './route-likeness.ts';

const flat = (polyline: string) => decodePolyline(polyline).flatMap(([lat, lng]) => [lng, lat]);

/**
 * Routes the user can tell apart: a route that runs the course of an earlier one (an external
 * router answering the same path twice, or by other edges on the same ground) is left out,
 * whatever engine found it.
 */
export function distinctRoutes(routes: readonly ComputedRoute[]): ComputedRoute[] {
  const kept: { route: ComputedRoute; line: number[] }[] = [];
  for (const route of routes) {
    const line = flat(route.polyline);
    if (kept.some((k) => k.route.polyline === route.polyline || sameCourse(k.line, line))) continue;
    kept.push({ route, line });
  }
  return kept.map((k) => k.route);
}
