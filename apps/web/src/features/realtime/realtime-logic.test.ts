import { describe, expect, it } from 'vitest';
import {
  LOCATION_HEARTBEAT_MS,
  LOCATION_MIN_INTERVAL_MS,
  LOCATION_MIN_MOVE_M,
} from '@integration/contracts';
import { formatAge } from './format-age.ts';
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
