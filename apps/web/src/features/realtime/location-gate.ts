import {
  LOCATION_HEARTBEAT_MS,
  LOCATION_MIN_INTERVAL_MS,
  LOCATION_MIN_MOVE_M,
  type LatLng,
} from '@integration/contracts';

export interface SentFix extends LatLng {
  /** When it was sent (ms). */
  at: number;
}

/** Metres between two points (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a position is worth sending: at most one per LOCATION_MIN_INTERVAL_MS, and only
 * when it moved LOCATION_MIN_MOVE_M or LOCATION_HEARTBEAT_MS passed since the last one.
 */
export function shouldSend(last: SentFix | null, next: LatLng, now: number): boolean {
  if (!last) return true;
  const since = now - last.at;
  if (since < LOCATION_MIN_INTERVAL_MS) return false;
  return since >= LOCATION_HEARTBEAT_MS || distanceM(last, next) >= LOCATION_MIN_MOVE_M;
}
