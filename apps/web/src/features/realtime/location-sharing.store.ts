import { create } from 'zustand';
import {
  LOCATION_MIN_INTERVAL_MS,
  REALTIME_EVENTS,
  type LocationSharePayload,
  type RealtimeAck,
} from '@integration/contracts';
import { shouldSend, type SentFix } from './location-gate.ts';
import { realtimeSocket } from './realtime-socket.ts';

export type SharingProblem = 'denied' | 'unavailable' | 'unsupported' | 'refused';

interface SharingState {
  /** locating: asked the browser, no position yet; sharing: positions are being sent. */
  status: 'off' | 'locating' | 'sharing';
  projectId: number | null;
  problem: SharingProblem | null;
  /** My latest position, drawn on my own map while I share it. */
  position: { lat: number; lng: number; accuracy: number | null } | null;
  start(projectId: number): void;
  stop(): void;
  dismiss(): void;
}

const OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 };

/** The running share: the browser's watch, the heartbeat timer, what was sent last. */
let watchId: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let latest: LocationSharePayload | null = null;
let lastSent: SentFix | null = null;
let offConnect: (() => void) | null = null;

function halt() {
  if (watchId !== null) navigator.geolocation.clearWatch(watchId);
  watchId = null;
  clearInterval(timer);
  offConnect?.();
  offConnect = null;
  window.removeEventListener('pagehide', pageHidden);
  latest = null;
  lastSent = null;
}

/** The tab is closing (or going to the back-forward cache): stop now, not at disconnect. */
const pageHidden = () => useLocationSharing.getState().stop();

/** Send the latest position if the gate lets it through (moved enough, or the heartbeat). */
function send() {
  const now = Date.now();
  if (!latest || !shouldSend(lastSent, latest, now)) return;
  const sent = { lat: latest.lat, lng: latest.lng, at: now };
  const emitted = realtimeSocket.emit(REALTIME_EVENTS.locationShare, latest, (answer) => {
    const ack = answer as RealtimeAck | undefined;
    if (ack?.status === false && ack.error === 'forbidden') {
      halt();
      useLocationSharing.setState({ status: 'off', problem: 'refused', position: null });
    }
  });
  if (emitted) lastSent = sent;
}

/**
 * Sharing my position with the project (issue 19): the browser's geolocation, sent through
 * the tab's socket at most every LOCATION_MIN_INTERVAL_MS, when moved or on the heartbeat.
 * Not tied to a page: it goes on from the map to the scan page until Stop or the tab closes.
 */
export const useLocationSharing = create<SharingState>((set, get) => ({
  status: 'off',
  projectId: null,
  problem: null,
  position: null,
  start(projectId) {
    if (get().status !== 'off') get().stop();
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      set({ problem: 'unsupported' });
      return;
    }
    set({ status: 'locating', projectId, problem: null });
    watchId = navigator.geolocation.watchPosition(
      (p) => {
        latest = {
          projectId,
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
        };
        set({ status: 'sharing', problem: null, position: { ...latest } });
        send();
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          halt();
          set({ status: 'off', problem: 'denied', position: null });
        } else set({ problem: 'unavailable' });
      },
      OPTIONS,
    );
    // A still phone reports no new position: the heartbeat and throttled moves go from here.
    timer = setInterval(send, LOCATION_MIN_INTERVAL_MS / 2);
    // The server forgets a position when the socket drops: send it again on reconnection.
    offConnect = realtimeSocket.onConnect(() => {
      lastSent = null;
      send();
    });
    window.addEventListener('pagehide', pageHidden);
  },
  stop() {
    const { projectId, status } = get();
    if (status !== 'off') realtimeSocket.emit(REALTIME_EVENTS.locationStop, { projectId });
    halt();
    set({ status: 'off', projectId: null, position: null });
  },
  dismiss() {
    set({ problem: null });
  },
}));
