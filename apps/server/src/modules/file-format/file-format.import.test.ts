import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@integration/contracts';
import { zipOf } from './test-uploads.ts';
import {
  admin,
  collection,
  point,
  shapefileZip,
  upload,
  useFileFormatApp,
  work,
} from './file-format.fixtures.ts';

useFileFormatApp();

describe('POST /file-format/import', () => {
  it('reads GeoJSON: fields, CRS, features in WGS84, null geometries skipped with a warning', async () => {
    const body = collection(point(36.8, -1.28, { name: 'Ngara é', n: 3 }), {
      type: 'Feature',
      geometry: null,
      properties: {},
    });
    const response = await upload([{ name: 'poles.geojson', data: JSON.stringify(body) }]);
    expect(response.statusCode, response.body).toBe(200);
    const { layers } = response.json<{ data: ImportResult }>().data;
    expect(layers).toHaveLength(1);
    expect(layers[0]).toMatchObject({
      name: 'poles',
      geometryKind: 'point',
      geometryType: 'Point',
      featureCount: 1,
      fields: [
        { name: 'name', type: 'String' },
        { name: 'n', type: 'Integer' },
      ],
      crs: { epsg: 4326, source: 'file' },
      warnings: ['1 feature(s) without geometry skipped.'],
    });
    expect(layers[0]?.features.features[0]?.properties).toEqual({ name: 'Ngara é', n: 3 });
  });

  it('reads a zip of shapefiles in a sub-folder, several layers, and loose parts', async () => {
    const shp = await shapefileZip(
      collection(point(36.8, -1.28, { kind: 'pole' }), {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [36.8, -1.28],
              [36.81, -1.28],
              [36.81, -1.29],
              [36.8, -1.28],
            ],
          ],
        },
        properties: { kind: 'zone' },
      }),
    );
    // Re-pack the parts under a folder, as many exports do.
    const dir = path.join(work, 'parts');
    await rm(dir, { recursive: true, force: true });
    await writeFile(path.join(work, 'in.zip'), shp);
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('unzip', ['-q', '-o', path.join(work, 'in.zip'), '-d', dir]);
    const { readFile } = await import('node:fs/promises');
    const entries = await Promise.all(
      ['points', 'polygons'].flatMap((l) =>
        ['shp', 'shx', 'dbf', 'prj', 'cpg'].map(async (e) => ({
          name: `network/${l}.${e}`,
          data: await readFile(path.join(dir, `${l}.${e}`)),
        })),
      ),
    );
    const zipped = await upload([{ name: 'network.zip', data: await zipOf(entries) }]);
    expect(zipped.statusCode, zipped.body).toBe(200);
    const layers = zipped.json<{ data: ImportResult }>().data.layers;
    expect(layers.map((l) => [l.name, l.geometryType, l.featureCount, l.file])).toEqual([
      ['points', 'Point', 1, 'network.zip/network/points.shp'],
      ['polygons', 'Polygon', 1, 'network.zip/network/polygons.shp'],
    ]);

    // Loose parts without .prj, .cpg, .dbf: tolerated, lon/lat taken as WGS84.
    const loose = await upload(
      await Promise.all(
        ['shp', 'shx'].map(async (e) => ({
          name: `points.${e}`,
          data: await readFile(path.join(dir, `points.${e}`)),
        })),
      ),
    );
    expect(loose.statusCode, loose.body).toBe(200);
    const [layer] = loose.json<{ data: ImportResult }>().data.layers;
    expect(layer?.crs.source).toBe('assumed');
    expect(layer?.warnings.join(' ')).toMatch(/no \.dbf/);
    expect(layer?.warnings.join(' ')).toMatch(/taken as WGS84/);
  });

  it('asks for the CRS of projected coordinates without .prj, then uses the EPSG code given', async () => {
    const utm = collection(point(257_000, 9_858_000, { name: 'UTM 37S' }));
    const shp = await shapefileZip(utm);
    const dir = path.join(work, 'utm');
    execFileSync('mkdir', ['-p', dir]);
    await writeFile(path.join(work, 'utm.zip'), shp);
    execFileSync('unzip', ['-q', '-o', path.join(work, 'utm.zip'), '-d', dir]);
    const { readFile } = await import('node:fs/promises');
    const parts = await Promise.all(
      ['shp', 'shx', 'dbf'].map(async (e) => ({
        name: `utm.${e}`,
        data: await readFile(path.join(dir, `points.${e}`)),
      })),
    );
    const asked = await upload(parts);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({
      details: { crsRequired: true, layers: [{ layer: 'utm' }] },
    });
    expect(asked.json<{ message: string }>().message).toMatch(/EPSG code/);
    const french = await upload(parts, {}, admin, 'fr');
    expect(french.json<{ message: string }>().message).toMatch(/code EPSG/);

    const answered = await upload(parts, { epsg: '32737' });
    expect(answered.statusCode, answered.body).toBe(200);
    const [layer] = answered.json<{ data: ImportResult }>().data.layers;
    const [lng, lat] = (layer?.features.features[0]?.geometry?.coordinates ?? []) as number[];
    expect(lng).toBeCloseTo(36.8, 1);
    expect(lat).toBeCloseTo(-1.28, 1);
    expect(layer?.crs).toMatchObject({ epsg: 32737, source: 'user' });
  });
});
