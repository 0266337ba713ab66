import { create } from 'zustand';
import {
  LOCATION_MIN_INTERVAL_MS,
  REALTIME_EVENTS,
  type LocationSharePayload,
  type RealtimeAck,
} from '@integration/contracts';
import { session } from '../../session/session.ts';
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
  /** Sharing was on before the page reloaded and could not resume by itself: say so. */
  stoppedByReload: { projectId: number } | null;
  start(projectId: number): void;
  stop(): void;
  dismiss(): void;
  /** After a reload: share again if it was on, recently, and the browser still allows it. */
  resume(): Promise<void>;
}

/**
 * A reload ends the page and its watch: the tab remembers (sessionStorage: this tab only,
 * gone when it closes) that sharing was on, for whom and for which project, and when it
 * last was. Within RESUME_WITHIN_MS, sharing starts again by itself if the browser still
 * grants geolocation without asking; otherwise the crew is told it stopped, with a one-tap
 * "Share again". Later than that, the crew has moved on: nothing resumes.
 */
const RESUME_KEY = 'integration.locationSharing';
const RESUME_WITHIN_MS = 10 * 60_000;

interface ResumeRecord {
  projectId: number;
  userId: number | null;
  at: number;
}

function remember(projectId: number) {
  const record: ResumeRecord = { projectId, userId: session.user()?.id ?? null, at: Date.now() };
  try {
    sessionStorage.setItem(RESUME_KEY, JSON.stringify(record));
  } catch {
    // Private mode or storage full: sharing simply will not resume.
  }
}

function forget() {
  try {
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // nothing to forget
  }
}

function remembered(): ResumeRecord | null {
  try {
    const record = JSON.parse(sessionStorage.getItem(RESUME_KEY) ?? 'null') as ResumeRecord | null;
    return record && typeof record.projectId === 'number' ? record : null;
  } catch {
    return null;
  }
}

async function geolocationGranted(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false; // no Permissions API: asking would pop a prompt nobody expects
  }
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

/**
 * The tab is closing, reloading (or going to the back-forward cache): stop now, not at
 * disconnect, but remember that sharing was on, so that a reload can resume it.
 */
function pageHidden() {
  const { projectId, status, stop } = useLocationSharing.getState();
  stop();
  if (status !== 'off' && projectId !== null) remember(projectId);
}

/** Send the latest position if the gate lets it through (moved enough, or the heartbeat). */
function send() {
  const now = Date.now();
  if (!latest || !shouldSend(lastSent, latest, now)) return;
  const sent = { lat: latest.lat, lng: latest.lng, at: now };
  const emitted = realtimeSocket.emit(REALTIME_EVENTS.locationShare, latest, (answer) => {
    const ack = answer as RealtimeAck | undefined;
    if (ack?.status === false && ack.error === 'forbidden') {
      halt();
      forget();
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
  stoppedByReload: null,
  start(projectId) {
    if (get().status !== 'off') get().stop();
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      set({ problem: 'unsupported' });
      return;
    }
    set({ status: 'locating', projectId, problem: null, stoppedByReload: null });
    remember(projectId);
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
          forget();
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
    forget();
    set({ status: 'off', projectId: null, position: null, stoppedByReload: null });
  },
  dismiss() {
    set({ problem: null, stoppedByReload: null });
  },
  async resume() {
    const record = remembered();
    if (!record || get().status !== 'off') return;
    forget();
    const mine = record.userId === null || record.userId === (session.user()?.id ?? null);
    if (!mine || Date.now() - record.at > RESUME_WITHIN_MS) return;
    if (
      typeof navigator !== 'undefined' &&
      'geolocation' in navigator &&
      (await geolocationGranted())
    ) {
      if (get().status === 'off') get().start(record.projectId);
    } else set({ stoppedByReload: { projectId: record.projectId } });
  },
}));
