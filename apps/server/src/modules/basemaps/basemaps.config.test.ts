import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_IDS, basemapSchema } from '@integration/contracts';
import { loadConfig } from '../../config.ts';
import { loadBasemaps } from './basemaps.config.ts';
import { DEFAULT_BASEMAPS } from './basemaps.defaults.ts';

const mapbox = {
  id: 'satellite',
  tiles: ['https://tiles.example.com/satellite/{z}/{x}/{y}.jpg?key=abc'],
  attribution: '© Example',
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'basemaps-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loadBasemaps', () => {
  it('answers the public defaults, one per map type in radio order, when BASEMAPS is unset', () => {
    for (const raw of [undefined, '', '  ']) {
      const basemaps = loadBasemaps(raw);
      expect(basemaps.map((b) => b.id)).toEqual([...BASEMAP_IDS]);
      for (const b of basemaps) expect(basemapSchema.parse(b)).toEqual(b);
    }
    expect(loadConfig({}).basemaps).toEqual(DEFAULT_BASEMAPS);
  });

  it('has an overlay of labels and roads on the hybrid map only', () => {
    const byId = Object.fromEntries(loadBasemaps(undefined).map((b) => [b.id, b]));
    expect(byId.hybrid?.overlay?.tiles.length).toBeGreaterThan(0);
    expect(byId.hybrid?.tiles).toEqual(byId.satellite?.tiles);
    expect(byId.terrain?.overlay).toBeUndefined();
  });

  it('replaces the defaults of the ids BASEMAPS names, from inline JSON, with defaults filled in', () => {
    const basemaps = loadBasemaps(JSON.stringify([mapbox]));
    expect(basemaps.map((b) => b.id)).toEqual([...BASEMAP_IDS]);
    expect(basemaps[1]).toEqual({ ...mapbox, tileSize: 256, maxzoom: 19 });
    expect(basemaps[0]).toEqual(DEFAULT_BASEMAPS[0]);
  });

  it('reads a JSON file, as a list or as the API answer {basemaps: [...]}', async () => {
    const list = path.join(dir, 'list.json');
    await writeFile(list, JSON.stringify([{ ...mapbox, tileSize: 512, maxzoom: 22 }]));
    expect(loadBasemaps(list)[1]).toMatchObject({ tileSize: 512, maxzoom: 22 });

    const answer = path.join(dir, 'answer.json');
    const roadmap = { id: 'roadmap', tiles: ['/tiles/{z}/{x}/{y}.png'], attribution: 'Local' };
    await writeFile(answer, JSON.stringify({ basemaps: [roadmap] }));
    expect(loadConfig({ BASEMAPS: answer }).basemaps[2]).toMatchObject(roadmap);
  });

  it('refuses a setting that is neither JSON nor an existing file', () => {
    expect(() => loadBasemaps('/no/such/basemaps.json')).toThrow(
      "BASEMAPS is neither JSON nor the path of an existing file: '/no/such/basemaps.json'.",
    );
  });

  it('refuses broken JSON, naming where it came from', async () => {
    expect(() => loadBasemaps('[{"id": "terrain",')).toThrow(/^BASEMAPS is not valid JSON: /);
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{ nope');
    expect(() => loadBasemaps(file)).toThrow(`BASEMAPS file ${file} is not valid JSON`);
  });

  it.each([
    [{ ...mapbox, id: 'streets' }, /\[0\]\.id: /],
    [{ ...mapbox, tiles: [] }, /\[0\]\.tiles: /],
    [
      { ...mapbox, tiles: ['https://example.com/{z}/{x}.png'] },
      /\[0\]\.tiles\[0\]: must contain \{z\}, \{x\} and \{y\}/,
    ],
    [{ ...mapbox, tiles: ['https://{s}.example.com/{z}/{x}/{y}.png'] }, /one URL per subdomain/],
    [
      { ...mapbox, tiles: ['ftp://example.com/{z}/{x}/{y}.png'] },
      /must start with http:\/\/, https:\/\/ or \//,
    ],
    [{ ...mapbox, maxzoom: 30 }, /\[0\]\.maxzoom: /],
    [{ ...mapbox, zoom: 3 }, /zoom/],
    [{ ...mapbox, overlay: { tiles: ['nope'] } }, /\[0\]\.overlay\./],
  ])('refuses an invalid entry and names the problem: %j', (entry, problem) => {
    expect(() => loadBasemaps(JSON.stringify([entry]))).toThrow(problem);
    expect(() => loadConfig({ BASEMAPS: JSON.stringify([entry]) })).toThrow(/^BASEMAPS is invalid/);
  });

  it('refuses an id given twice and a setting that is not a list', () => {
    expect(() => loadBasemaps(JSON.stringify([mapbox, mapbox]))).toThrow(
      "[1].id: 'satellite' appears twice",
    );
    expect(() => loadBasemaps('{"satellite": {}}')).toThrow(/^BASEMAPS is invalid/);
  });
});
