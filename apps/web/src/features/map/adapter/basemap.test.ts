import { describe, expect, it } from 'vitest';
import { OFFLINE_DEFAULTS, openingBasemap, type BasemapConfig } from './basemap.ts';

const config = (ids: BasemapConfig['basemaps'][number]['id'][]): BasemapConfig => ({
  basemaps: ids.map((id) => ({ id, tiles: [`/tiles/${id}/{z}/{x}/{y}.png`] })),
  offline: OFFLINE_DEFAULTS,
});

describe('the base map a project opens on', () => {
  it("is the project's own (ConfigureProject)", () => {
    expect(openingBasemap('satellite', config(['terrain', 'satellite']))).toBe('satellite');
  });

  it('is the first the server lists when the project has chosen none', () => {
    expect(openingBasemap(null, config(['roadmap', 'terrain']))).toBe('roadmap');
  });

  it('is the first when the server no longer offers the one chosen', () => {
    expect(openingBasemap('hybrid', config(['terrain', 'satellite']))).toBe('terrain');
    expect(openingBasemap('moon', config(['terrain']))).toBe('terrain');
  });

  it("keeps the project's choice when the server could not list any", () => {
    expect(openingBasemap('satellite', config([]))).toBe('satellite');
    expect(openingBasemap(null, config([]))).toBe('terrain');
  });
});
