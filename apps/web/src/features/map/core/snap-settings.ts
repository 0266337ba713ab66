import { SNAP_DISTANCE_M, type LatLng } from '@integration/contracts';

/** Snapping as the user set it on the toolbar, kept per browser. */
export interface SnapSettings {
  on: boolean;
  /** Metres: a vertex or marker within this distance of a marker lands on it. */
  toleranceM: number;
  /**
   * Zone corners snap to markers only when asked: a zone follows streets and plots, not
   * poles, and a corner pulled onto a pole skews it.
   */
  zones: boolean;
}

/** The tolerances offered (the default is SPEC §4's 15 m). */
export const SNAP_TOLERANCES_M = [5, SNAP_DISTANCE_M, 30] as const;

export const DEFAULT_SNAP: SnapSettings = { on: true, toleranceM: SNAP_DISTANCE_M, zones: false };

/** What is being placed: a marker, a cable vertex or a zone corner. */
export type SnapSubject = 'marker' | 'line' | 'zone';

export interface SnapSettingsStore {
  load(): SnapSettings;
  save(settings: SnapSettings): void;
}

const KEY = 'integration.map.snapping';

/** Local storage where there is one; otherwise the defaults, for this page only. */
export function browserSnapSettings(): SnapSettingsStore {
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    load() {
      try {
        const raw = storage?.getItem(KEY);
        return raw ? parseSnapSettings(JSON.parse(raw)) : DEFAULT_SNAP;
      } catch {
        return DEFAULT_SNAP;
      }
    },
    save(settings) {
      try {
        storage?.setItem(KEY, JSON.stringify(settings));
      } catch {
        // Private browsing or a full storage: the setting lasts for this page only.
      }
    },
  };
}

/** A stored value, checked: anything odd falls back to the defaults. */
export function parseSnapSettings(value: unknown): SnapSettings {
  const v = (value ?? {}) as Partial<SnapSettings>;
  const tolerance = (SNAP_TOLERANCES_M as readonly number[]).includes(v.toleranceM ?? -1)
    ? (v.toleranceM as number)
    : DEFAULT_SNAP.toleranceM;
  return {
    on: typeof v.on === 'boolean' ? v.on : DEFAULT_SNAP.on,
    toleranceM: tolerance,
    zones: typeof v.zones === 'boolean' ? v.zones : DEFAULT_SNAP.zones,
  };
}

/** Whether this subject snaps at all under these settings. */
export const snaps = (settings: SnapSettings, subject: SnapSubject) =>
  settings.on && (subject !== 'zone' || settings.zones);

/** Within a nanodegree (~0.1 mm): the same place, as terra-draw and PostGIS keep it. */
export const samePlace = (a: LatLng, b: LatLng) =>
  Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.lng - b.lng) < 1e-9;

/**
 * A path without a vertex repeated right after itself (a tap on the last point that snapped
 * onto it again; a zone ring's closing vertex): such vertices are never saved.
 */
export function withoutRepeats(path: LatLng[], ring = false): LatLng[] {
  const out: LatLng[] = [];
  for (const p of path) {
    const last = out[out.length - 1];
    if (!last || !samePlace(last, p)) out.push(p);
  }
  const first = out[0];
  if (ring && out.length > 1 && first && samePlace(first, out[out.length - 1] as LatLng)) {
    out.pop();
  }
  return out;
}
