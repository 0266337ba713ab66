import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ProjectTiles } from './project-tiles.ts';
import { PROJECT_TILES, tileOf } from './project-tiles-source.ts';

/** Just what ProjectTiles uses of a MapLibre map: a view that can be moved, and its calls. */
function fakeMap() {
  let view = { w: 36.81, s: -1.29, e: 36.83, n: -1.28, zoom: 15.5 };
  const handlers = new Map<string, () => void>();
  const sources = new Set<string>();
  const map = {
    getBounds: () => ({
      getWest: () => view.w,
      getSouth: () => view.s,
      getEast: () => view.e,
      getNorth: () => view.n,
    }),
    getZoom: () => view.zoom,
    getSource: (id: string) => (sources.has(id) ? {} : undefined),
    getLayer: () => undefined,
    addSource: (id: string) => sources.add(id),
    addLayer: vi.fn(),
    setTransformRequest: vi.fn(),
    on: (event: string, handler: () => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    refreshTiles: vi.fn(),
  };
  const moveTo = (next: typeof view) => {
    view = next;
    handlers.get('moveend')?.();
  };
  return { map, moveTo };
}

describe('a project tile source on a map, told of changed places', () => {
  it('refetches the tiles of the place in view, and those elsewhere once the view gets there', () => {
    const { map, moveTo } = fakeMap();
    const tiles = new ProjectTiles(map as unknown as MapLibreMap, 4);
    tiles.add();
    expect(map.addLayer).toHaveBeenCalled();

    // An edit in view, and one 20 km away.
    tiles.refresh([
      [36.82, -1.285, 36.82, -1.285],
      [37.0, -1.1, 37.0, -1.1],
    ]);
    expect(map.refreshTiles).toHaveBeenCalledTimes(1);
    const [source, ids] = map.refreshTiles.mock.calls[0] as [string, { z: number }[]];
    expect(source).toBe(PROJECT_TILES);
    expect(ids).toContainEqual({ z: 15, ...tileOf(36.82, -1.285, 15) });
    expect(ids).toContainEqual({ z: 14, ...tileOf(36.82, -1.285, 14) });
    expect(ids.every((t) => t.z === 15 || t.z === 14)).toBe(true);

    // Panned to the far edit: its tiles now.
    moveTo({ w: 36.99, s: -1.11, e: 37.01, n: -1.09, zoom: 15.5 });
    const far = map.refreshTiles.mock.calls[1]?.[1] as { z: number; x: number; y: number }[];
    expect(far).toContainEqual({ z: 15, ...tileOf(37.0, -1.1, 15) });
    // Back where both are already fresh: nothing more.
    moveTo({ w: 36.81, s: -1.29, e: 36.83, n: -1.28, zoom: 15.5 });
    expect(map.refreshTiles).toHaveBeenCalledTimes(2);
    tiles.destroy();
  });
});
