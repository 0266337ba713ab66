import { useCallback, useEffect, useState } from 'react';

export interface Fix {
  lat: number;
  lng: number;
  /** Metres, as the phone reports it. */
  accuracy: number;
}

export type PositionState =
  | { status: 'locating'; fix: Fix | null }
  | { status: 'located'; fix: Fix }
  | { status: 'failed'; reason: 'denied' | 'unavailable' | 'unsupported'; fix: Fix | null };

type Reading = { fix: Fix } | { error: 'denied' | 'unavailable' };

const OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };
const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * The phone's position from the browser (photos from iPhones often lose their GPS on upload),
 * followed while the page is open; `retry` asks again (after a refusal, or to refresh). A
 * failure keeps the last fix, if there was one.
 */
export function usePosition() {
  const [attempt, setAttempt] = useState(0);
  const [reading, setReading] = useState<{ attempt: number; value: Reading } | null>(null);
  const [lastFix, setLastFix] = useState<Fix | null>(null);
  useEffect(() => {
    if (!supported()) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const fix = {
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: p.coords.accuracy,
        };
        setLastFix(fix);
        setReading({ attempt, value: { fix } });
      },
      (error) =>
        setReading({
          attempt,
          value: { error: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' },
        }),
      OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let state: PositionState;
  if (!supported()) state = { status: 'failed', reason: 'unsupported', fix: null };
  else if (!reading || reading.attempt !== attempt) state = { status: 'locating', fix: lastFix };
  else if ('fix' in reading.value) state = { status: 'located', fix: reading.value.fix };
  else state = { status: 'failed', reason: reading.value.error, fix: lastFix };
  return { state, fix: state.fix, retry };
}
