import { afterEach, describe, expect, it } from 'vitest';
import {
  ChangedPlaces,
  tileOf,
  tilesInBox,
  withTileToken,
  type Box,
} from './project-tiles-source.ts';

// Central Nairobi, a few streets across.
const CBD: Box = [36.815, -1.288, 36.822, -1.282];

describe('the tiles of a changed place', () => {
  it('are the tiles that hold it, at each zoom', () => {
    expect(tilesInBox(CBD, 0)).toEqual([{ z: 0, x: 0, y: 0 }]);
    const z16 = tilesInBox(CBD, 16);
    const corner = tileOf(36.815, -1.282, 16);
    expect(z16[0]).toEqual({ z: 16, ...corner });
    expect(z16.length).toBeGreaterThan(1);
    expect(z16.length).toBeLessThan(10);
  });

  it('are fetched again in view, then as the view reaches the rest of the place, once each', () => {
    let now = 0;
    const places = new ChangedPlaces(() => now);
    places.add([CBD]);
    // A view of the western half at zoom 16: its tiles and their parents (drawn while loading).
    const west: Box = [36.8, -1.3, 36.8185, -1.27];
    const first = places.due(west, 16.4);
    expect(first.some((t) => t.z === 16)).toBe(true);
    expect(first.some((t) => t.z === 15)).toBe(true);
    expect(first.every((t) => t.z === 16 || t.z === 15)).toBe(true);
    // Nothing twice.
    expect(places.due(west, 16.4)).toEqual([]);
    // Panned east: only the tiles not fetched again yet.
    const east: Box = [36.8185, -1.3, 36.84, -1.27];
    const second = places.due(east, 16.4);
    expect(second.length).toBeGreaterThan(0);
    const keys = (ts: { z: number; x: number; y: number }[]) =>
      ts.map((t) => `${t.z}/${t.x}/${t.y}`);
    expect(keys(second).filter((k) => keys(first).includes(k))).toEqual([]);
    // Zoomed out: the tiles of that zoom.
    expect(places.due([36, -2, 37.5, -0.5], 12.2).map((t) => t.z)).toContain(12);
    // A place far from the view is left for later; long after, forgotten.
    expect(places.due([2.2, 48.8, 2.4, 48.9], 14)).toEqual([]);
    now += 11 * 60_000;
    expect(places.due(CBD, 10)).toEqual([]);
  });

  it('beyond zoom 16 are the zoom 16 tiles the map overzooms', () => {
    const places = new ChangedPlaces();
    places.add([CBD]);
    const due = places.due(CBD, 19);
    expect(Math.max(...due.map((t) => t.z))).toBe(16);
  });
});

describe('tile requests', () => {
  afterEach(() => localStorage.clear());

  it('carry the session token, other requests do not', () => {
    localStorage.setItem('token', 'abc');
    const tile = withTileToken(`${window.location.origin}/api/tiles/4/12/2446/2059.mvt`);
    expect(tile.headers).toMatchObject({ authorization: 'Bearer abc' });
    expect(withTileToken('https://tile.openstreetmap.org/1/0/0.png').headers).toBeUndefined();
  });
});
