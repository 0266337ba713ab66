import type { ComputedRoute, LatLng } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { haversineM } from './geodesy.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';

/** The routing servers ROUTING_URL may name (ROUTING_ENGINE says which kind). */
export const ROUTING_ENGINES = ['osrm', 'graphhopper', 'valhalla'] as const;
export type RoutingEngine = (typeof ROUTING_ENGINES)[number];

/** How long an external routing server may take. */
const TIMEOUT_MS = 10_000;

const unavailable = (reason: string) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'routing.externalUnavailable', { reason });
const noRoute = (code: string) =>
  new AppError(422, 'VALIDATION_ERROR', 'routing.externalNoRoute', { code });

/** A route as a server answers it: its path ([lat, lng]), metres and seconds. */
interface ServerRoute {
  path: [number, number][];
  distance: number;
  duration: number;
}

/** An engine's request, and how to read its answer (null: a refusal, with its code). */
interface Adapter {
  request(base: string, points: readonly LatLng[], alternatives: boolean): [URL, RequestInit?];
  routes(answer: unknown, status: number): ServerRoute[] | { refused: string } | null;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asNumber = (value: unknown) => (typeof value === 'number' ? value : 0);
const asRecord = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const ADAPTERS: Record<RoutingEngine, Adapter> = {
  /** OSRM's route service: `alternatives=3`, the full overview as a precision-5 polyline. */
  osrm: {
    request(base, points, alternatives) {
      const where = points.map((p) => `${p.lng.toFixed(7)},${p.lat.toFixed(7)}`).join(';');
      const url = new URL(`${base}/route/v1/driving/${where}`);
      url.searchParams.set('alternatives', alternatives ? '3' : 'false');
      url.searchParams.set('overview', 'full');
      url.searchParams.set('geometries', 'polyline');
      return [url];
    },
    routes(answer, status) {
      const { code, routes } = asRecord(answer);
      if (typeof code === 'string' && code !== 'Ok' && status < 500) return { refused: code };
      if (!Array.isArray(routes)) return null;
      return routes.map((r) => {
        const { geometry, distance, duration } = asRecord(r);
        return {
          path: typeof geometry === 'string' ? decodePolyline(geometry) : [],
          distance: asNumber(distance),
          duration: asNumber(duration),
        };
      });
    },
  },
  /** GraphHopper's /route: the scooter profile, alternative_route, encoded points (precision 5). */
  graphhopper: {
    request(base, points, alternatives) {
      const url = new URL(`${base}/route`);
      for (const p of points) url.searchParams.append('point', `${p.lat},${p.lng}`);
      url.searchParams.set('profile', 'scooter');
      url.searchParams.set('points_encoded', 'true');
      url.searchParams.set('instructions', 'false');
      if (alternatives) {
        url.searchParams.set('algorithm', 'alternative_route');
        url.searchParams.set('alternative_route.max_paths', '3');
      }
      return [url];
    },
    routes(answer, status) {
      const { paths, message } = asRecord(answer);
      if (!Array.isArray(paths)) {
        return status >= 400 && status < 500 && typeof message === 'string'
          ? { refused: message.slice(0, 200) }
          : null;
      }
      return paths.map((p) => {
        const { points, distance, time } = asRecord(p);
        return {
          path: typeof points === 'string' ? decodePolyline(points) : [],
          distance: asNumber(distance),
          duration: asNumber(time) / 1000,
        };
      });
    },
  },
  /** Valhalla's /route: motor_scooter costing, `alternates`, shapes at precision 6. */
  valhalla: {
    request(base, points, alternatives) {
      const body = {
        locations: points.map((p) => ({ lat: p.lat, lon: p.lng })),
        costing: 'motor_scooter',
        directions_type: 'none',
        ...(alternatives ? { alternates: 2 } : {}),
      };
      return [
        new URL(`${base}/route`),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      ];
    },
    routes(answer, status) {
      const { trip, alternates, error_code: code } = asRecord(answer);
      if (!trip) {
        return status >= 400 && status < 500 && code !== undefined ? { refused: `${code}` } : null;
      }
      return [trip, ...asArray(alternates).map((a) => asRecord(a).trip)].map((t) => {
        const { legs, summary } = asRecord(t);
        return {
          path: asArray(legs).flatMap((leg) => {
            const shape = asRecord(leg).shape;
            return typeof shape === 'string' ? decodePolyline(shape, 6) : [];
          }),
          distance: asNumber(asRecord(summary).length) * 1000,
          duration: asNumber(asRecord(summary).time),
        };
      });
    },
  },
};

/**
 * Two-wheeler routes from an external server (ROUTING_URL), in our answer's shape: up to three,
 * alternatives only without waypoints (as our engine), each joined to the asked points as our
 * engine does. Its refusals (no route, a point off the network) are 422s; a server that does
 * not answer well is a 503.
 */
export async function externalRoutes(
  engine: RoutingEngine,
  baseUrl: string,
  points: readonly LatLng[],
  alternatives: boolean,
): Promise<ComputedRoute[]> {
  const adapter = ADAPTERS[engine];
  const [url, init] = adapter.request(
    baseUrl.replace(/\/+$/, ''),
    points,
    alternatives && points.length === 2,
  );
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw unavailable(
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? 'timeout'
          : error.message
        : 'error',
    );
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw unavailable(`HTTP ${response.status}, not JSON`);
  }
  const routes = adapter.routes(answer, response.status);
  if (routes && 'refused' in routes) throw noRoute(routes.refused);
  if (!response.ok || !routes) throw unavailable(`HTTP ${response.status}`);
  const origin = points[0];
  const destination = points[points.length - 1];
  if (!origin || !destination) return [];
  return routes.slice(0, 3).map((route) => joined(route, origin, destination));
}

/** The server's route from the asked origin to the asked destination (straight legs to its ends). */
function joined(route: ServerRoute, origin: LatLng, destination: LatLng): ComputedRoute {
  const coords = [origin.lng, origin.lat];
  for (const [lat, lng] of route.path) coords.push(lng, lat);
  coords.push(destination.lng, destination.lat);
  const first = route.path[0];
  const last = route.path[route.path.length - 1];
  const legs =
    (first ? haversineM(origin.lng, origin.lat, first[1], first[0]) : 0) +
    (last ? haversineM(destination.lng, destination.lat, last[1], last[0]) : 0);
  return {
    distance: Math.round((route.distance + legs) * 10) / 10,
    duration: Math.round(route.duration * 10) / 10,
    polyline: encodePolyline(coords),
  };
}
