import { describe, expect, it } from 'vitest';
import {
  LOCATION_EXPIRES_MS,
  LOCATION_HEARTBEAT_MS,
  LOCATION_MIN_INTERVAL_MS,
  LOCATION_MIN_MOVE_M,
  LOCATION_STALE_MS,
  type LiveLocation,
} from '@integration/contracts';
import { formatAge } from './format-age.ts';
import { isStale, withLocation, withoutExpired } from './live-locations.store.ts';
import { distanceM, shouldSend } from './location-gate.ts';

const here = { lat: -1.2841, lng: 36.8219 };
const north = (m: number) => ({ lat: here.lat + m / 111_195, lng: here.lng });

describe('the location gate', () => {
  it('measures metres', () => {
    expect(distanceM(here, north(100))).toBeCloseTo(100, 0);
  });
  it('sends the first position at once', () => {
    expect(shouldSend(null, here, 0)).toBe(true);
  });
  it('never sends faster than the minimum interval, however far it moved', () => {
    const last = { ...here, at: 1000 };
    expect(shouldSend(last, north(500), 1000 + LOCATION_MIN_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSend(last, north(500), 1000 + LOCATION_MIN_INTERVAL_MS)).toBe(true);
  });
  it('sends when moved enough, or on the heartbeat when standing still', () => {
    const last = { ...here, at: 0 };
    const later = LOCATION_MIN_INTERVAL_MS * 3;
    expect(shouldSend(last, north(LOCATION_MIN_MOVE_M - 1), later)).toBe(false);
    expect(shouldSend(last, north(LOCATION_MIN_MOVE_M + 0.5), later)).toBe(true);
    expect(shouldSend(last, here, LOCATION_HEARTBEAT_MS - 1)).toBe(false);
    expect(shouldSend(last, here, LOCATION_HEARTBEAT_MS)).toBe(true);
  });
});

describe('the age of a position', () => {
  // Intl puts no-break spaces in French.
  const age = (ms: number, locale: string) => formatAge(ms, locale).replace(/\s/g, ' ');
  it('reads in English and French', () => {
    expect(age(3_000, 'en')).toBe('now');
    expect(age(25_000, 'en')).toBe('20 sec. ago');
    expect(age(2 * 60_000 + 5_000, 'en')).toBe('2 min. ago');
    expect(age(2 * 60_000, 'fr')).toBe('il y a 2 min');
    expect(age(3 * 3_600_000, 'fr')).toBe('il y a 3 h');
  });
});

describe('colleagues’ positions', () => {
  const at = (minutesAgo: number, now: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const now = Date.parse('2026-11-25T12:00:00Z');
  const brian = (minutesAgo: number, lat = -1.28): LiveLocation => ({
    userId: 2,
    name: 'Brian Otieno',
    mobile: '+254 712 000 202',
    projectId: 1,
    lat,
    lng: 36.82,
    accuracy: 10,
    updatedAt: at(minutesAgo, now),
  });

  it('keeps the newest position of each person, never an expired one', () => {
    let all = withLocation({}, brian(1, -1.1), now);
    all = withLocation(all, brian(3, -1.3), now);
    expect(all[2]?.lat).toBe(-1.1);
    all = withLocation(all, brian(0, -1.2), now);
    expect(all[2]?.lat).toBe(-1.2);
    expect(withLocation({}, brian(LOCATION_EXPIRES_MS / 60_000 + 1), now)).toEqual({});
  });

  it('greys after LOCATION_STALE_MS and drops after LOCATION_EXPIRES_MS', () => {
    const all = { 2: brian(0) };
    expect(isStale(brian(0), now)).toBe(false);
    expect(isStale(brian(0), now + LOCATION_STALE_MS + 1)).toBe(true);
    expect(withoutExpired(all, now + LOCATION_EXPIRES_MS)).toBe(all);
    expect(withoutExpired(all, now + LOCATION_EXPIRES_MS + 1)).toEqual({});
  });
});
