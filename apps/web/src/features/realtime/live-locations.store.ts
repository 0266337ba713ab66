import { create } from 'zustand';
import {
  LOCATION_EXPIRES_MS,
  LOCATION_STALE_MS,
  REALTIME_EVENTS,
  type LiveLocation,
  type LocationRemovedPayload,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { realtimeSocket } from './realtime-socket.ts';

const TICK_MS = 10_000;

export const locationsApi = {
  /** The positions shared now in a project (issue 19). */
  ofProject: (projectId: number) =>
    api<{ data: LiveLocation[] }>('GET', `/locations/project/${projectId}`).then((r) => r.data),
};

export const ageOf = (l: LiveLocation, now: number) => now - new Date(l.updatedAt).getTime();
export const isStale = (l: LiveLocation, now: number) => ageOf(l, now) > LOCATION_STALE_MS;

/** Others' positions, keeping the newest of each user and none that expired. */
export function withLocation(
  all: Record<number, LiveLocation>,
  next: LiveLocation,
  now: number,
): Record<number, LiveLocation> {
  const current = all[next.userId];
  if (current && current.updatedAt > next.updatedAt) return all;
  if (ageOf(next, now) > LOCATION_EXPIRES_MS) return all;
  return { ...all, [next.userId]: next };
}

export function withoutExpired(all: Record<number, LiveLocation>, now: number) {
  const kept = Object.values(all).filter((l) => ageOf(l, now) <= LOCATION_EXPIRES_MS);
  return kept.length === Object.keys(all).length
    ? all
    : Object.fromEntries(kept.map((l) => [l.userId, l]));
}

interface LiveLocationsState {
  /** Everyone else's position in the open project, by user id. */
  byUser: Record<number, LiveLocation>;
  /** The "Live locations" layer checkbox. */
  shown: boolean;
  /** The marker whose card is open. */
  selected: number | null;
  /** The clock the ages and greying are computed from, ticking while followed. */
  now: number;
  setShown(on: boolean): void;
  select(userId: number | null): void;
}

export const useLiveLocations = create<LiveLocationsState>((set) => ({
  byUser: {},
  shown: true,
  selected: null,
  now: Date.now(),
  setShown: (shown) => set({ shown, selected: null }),
  select: (selected) => set({ selected }),
}));

/**
 * Follows a project's live positions: the ones shared before the map opened (GET), then
 * location:changed and location:removed; expired ones leave. Returns the way to stop.
 */
export function followLiveLocations(projectId: number): () => void {
  const me = session.user()?.id;
  const store = useLiveLocations;
  const take = (l: LiveLocation) => {
    if (l.projectId !== projectId || l.userId === me) return;
    const now = Date.now();
    store.setState((s) => ({ now, byUser: withLocation(s.byUser, l, now) }));
  };
  store.setState({ byUser: {}, selected: null, now: Date.now() });
  let live = true;
  locationsApi.ofProject(projectId).then(
    (list) => live && list.forEach(take),
    () => undefined,
  );
  const offChanged = realtimeSocket.on(REALTIME_EVENTS.locationChanged, (p) => {
    const l = p as LiveLocation | null;
    if (l && typeof l.userId === 'number' && typeof l.lat === 'number') take(l);
  });
  const offRemoved = realtimeSocket.on(REALTIME_EVENTS.locationRemoved, (p) => {
    const r = p as LocationRemovedPayload | null;
    if (!r || r.projectId !== projectId) return;
    store.setState((s) => {
      const { [r.userId]: _gone, ...rest } = s.byUser;
      return { byUser: rest, selected: s.selected === r.userId ? null : s.selected };
    });
  });
  // After a reconnection the server may have dropped or moved people meanwhile.
  const offConnect = realtimeSocket.onConnect((again) => {
    if (!again) return;
    void locationsApi.ofProject(projectId).then(
      (list) => {
        if (!live) return;
        store.setState({ byUser: {} });
        list.forEach(take);
      },
      () => undefined,
    );
  });
  const tick = setInterval(() => {
    const now = Date.now();
    store.setState((s) => ({ now, byUser: withoutExpired(s.byUser, now) }));
  }, TICK_MS);
  return () => {
    live = false;
    clearInterval(tick);
    offChanged();
    offRemoved();
    offConnect();
    store.setState({ byUser: {}, selected: null });
  };
}
