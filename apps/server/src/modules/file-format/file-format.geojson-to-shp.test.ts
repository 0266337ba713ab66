import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOgr } from './test-uploads.ts';
import { inspectZip } from './zip-archive.ts';
import { collection, point, post, useFileFormatApp, work } from './file-format.fixtures.ts';

useFileFormatApp();

describe('POST /file-format/geoJSONToSHP', () => {
  it('writes one shapefile per geometry kind with its .prj and .cpg, fields listed', async () => {
    const body = collection(
      point(36.8, -1.28, {
        'Installation Date': '2024-01-02',
        capacity: 8,
        ratio: 0.5,
        label: 'Kilimani é',
      }),
      point(36.81, -1.29, { 'Installation Datum': 'x', capacity: 12 }),
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [36.8, -1.28],
            [36.81, -1.29],
          ],
        },
        properties: { capacity: 24 },
      },
    );
    const response = await post('/file-format/geoJSONToSHP', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('filename="shp.zip"');
    expect(JSON.parse(String(response.headers['x-field-renames']))).toEqual({
      'Installation Date': 'Installati',
      'Installation Datum': 'Installa_1',
    });
    const zip = path.join(work, 'shp.zip');
    await writeFile(zip, response.rawPayload);
    const names = (await inspectZip(zip, 'shp.zip', 100)).map((e) => e.name).sort();
    expect(names).toEqual(
      [
        'fields.json',
        ...['lines', 'points'].flatMap((l) =>
          ['cpg', 'dbf', 'prj', 'shp', 'shx'].map((e) => `${l}.${e}`),
        ),
      ].sort(),
    );
    if (!hasOgr) return console.log('ogrinfo is not installed: read-back of the shapefile skipped');
    const info = execFileSync('ogrinfo', ['-ro', '-al', `/vsizip/${zip}/points.shp`], {
      encoding: 'utf8',
    });
    expect(info).toMatch(/capacity: Integer/);
    expect(info).toMatch(/ratio: Real/);
    expect(info).toContain('label (String) = Kilimani é');
    expect(info).toContain('Installati (Date) = 2024/01/02');
    expect(info).toMatch(/Feature Count: 2/);
  });

  it('refuses a body that is not GeoJSON', async () => {
    const response = await post('/file-format/geoJSONToSHP', { hello: 'world' });
    expect(response.statusCode).toBe(400);
  });
});
