import type { ComputedRoute, LatLng } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { haversineM } from './geodesy.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';

/** How long an external routing server may take. */
const TIMEOUT_MS = 10_000;

interface OsrmAnswer {
  code?: string;
  message?: string;
  routes?: { distance?: number; duration?: number; geometry?: string }[];
}

const unavailable = (reason: string) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'routing.externalUnavailable', { reason });

/**
 * Two-wheeler routes from an OSRM server (ROUTING_URL), in our answer's shape: OSRM's route
 * service with `alternatives=3` (without waypoints), the full overview as a precision-5
 * polyline, joined to the asked points as our engine does. OSRM's refusals (NoRoute,
 * NoSegment…) are 422s; a server that does not answer well is a 503.
 */
export async function osrmRoutes(
  baseUrl: string,
  points: readonly LatLng[],
  alternatives: boolean,
): Promise<ComputedRoute[]> {
  const where = points.map((p) => `${p.lng.toFixed(7)},${p.lat.toFixed(7)}`).join(';');
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/route/v1/driving/${where}`);
  url.searchParams.set('alternatives', alternatives && points.length === 2 ? '3' : 'false');
  url.searchParams.set('overview', 'full');
  url.searchParams.set('geometries', 'polyline');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw unavailable(
      error instanceof Error
        ? error.name === 'TimeoutError'
          ? 'timeout'
          : error.message
        : 'error',
    );
  }
  let answer: OsrmAnswer;
  try {
    answer = (await response.json()) as OsrmAnswer;
  } catch {
    throw unavailable(`HTTP ${response.status}, not JSON`);
  }
  if (answer.code && answer.code !== 'Ok' && response.status < 500) {
    throw new AppError(422, 'VALIDATION_ERROR', 'routing.externalNoRoute', { code: answer.code });
  }
  if (!response.ok || !Array.isArray(answer.routes)) {
    throw unavailable(`HTTP ${response.status}${answer.code ? ` ${answer.code}` : ''}`);
  }
  const origin = points[0];
  const destination = points[points.length - 1];
  if (!origin || !destination) return [];
  return answer.routes.slice(0, 3).map((route) => {
    const path = typeof route.geometry === 'string' ? decodePolyline(route.geometry) : [];
    const coords = [origin.lng, origin.lat];
    for (const [lat, lng] of path) coords.push(lng, lat);
    coords.push(destination.lng, destination.lat);
    const first = path[0];
    const last = path[path.length - 1];
    const legs =
      (first ? haversineM(origin.lng, origin.lat, first[1], first[0]) : 0) +
      (last ? haversineM(destination.lng, destination.lat, last[1], last[0]) : 0);
    return {
      distance: Math.round(((route.distance ?? 0) + legs) * 10) / 10,
      duration: Math.round((route.duration ?? 0) * 10) / 10,
      polyline: encodePolyline(coords),
    };
  });
}
