import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { MARKER_PRIORITY, TILE_MIN_ZOOM } from '@integration/contracts';
import {
  pickableTileLayers,
  POINT_TYPES_BY_PRIORITY,
  projectTileLayers,
} from './project-tiles-layers.ts';
import { PROJECT_TILES } from './project-tiles-source.ts';

const styleOf = (layers: ReturnType<typeof projectTileLayers>) => ({
  version: 8 as const,
  sources: { [PROJECT_TILES]: { type: 'vector' as const, tiles: ['https://x/{z}/{x}/{y}.mvt'] } },
  layers,
});

describe("a project's tile layers", () => {
  it('are a valid MapLibre style, for the whole project and beside a cluster', () => {
    expect(validateStyleMin(styleOf(projectTileLayers()))).toEqual([]);
    expect(
      validateStyleMin(styleOf(projectTileLayers({ withoutCluster: 7, fadeFrom: 13 }))),
    ).toEqual([]);
  });

  it('beside a cluster are gone where the cluster is edited, a little beyond its zoom', () => {
    const layers = projectTileLayers({ withoutCluster: 7, fadeFrom: 13 });
    expect(layers.length).toBeGreaterThan(0);
    for (const layer of layers) expect(layer.maxzoom).toBe(14.5);
  });

  it("beside a cluster leave that cluster's features out (its own layers draw them)", () => {
    for (const layer of projectTileLayers({ withoutCluster: 7 })) {
      expect(JSON.stringify((layer as { filter?: unknown }).filter)).toContain(
        '["!=",["get","cluster"],7]',
      );
    }
  });

  it('read each type from its own tile layer, from the zoom the tiles hold it', () => {
    for (const layer of projectTileLayers()) {
      const type = (layer as { 'source-layer': keyof typeof TILE_MIN_ZOOM })['source-layer'];
      expect(layer.minzoom ?? 0).toBeGreaterThanOrEqual(TILE_MIN_ZOOM[type]);
    }
  });

  it('place the backbone first: the FDT-SRO above the poles', () => {
    expect(POINT_TYPES_BY_PRIORITY.at(-1)?.internalName).toBe('FDTSRO');
    const ids = projectTileLayers().map((l) => l.id);
    expect(ids.indexOf('el-tiles-FDTSRO-icon')).toBeGreaterThan(ids.indexOf('el-tiles-Pole-icon'));
    const fdt = projectTileLayers().find((l) => l.id === 'el-tiles-FDTSRO-icon') as {
      layout: Record<string, unknown>;
    };
    expect(fdt.layout['symbol-sort-key']).toBe(MARKER_PRIORITY.FDTSRO);
  });

  it('can all be picked where they are drawn', () => {
    const ids = new Set(projectTileLayers().map((l) => l.id));
    for (const id of pickableTileLayers()) expect(ids.has(id)).toBe(true);
  });
});
