import type { ComputedRoute } from '@integration/contracts';

/**
 * Routes the user can tell apart: a route drawn exactly as an earlier one (an external router
 * answering the same path twice) is left out, whichever engine found it.
 */
export function distinctRoutes(routes: readonly ComputedRoute[]): ComputedRoute[] {
  const seen = new Set<string>();
  return routes.filter((route) => {
    if (seen.has(route.polyline)) return false;
    seen.add(route.polyline);
    return true;
  });
}
