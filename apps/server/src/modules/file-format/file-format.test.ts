import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportResult } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { hasOgr, multipart, zipOf, type UploadInput } from './test-uploads.ts';
import { inspectZip } from './zip-archive.ts';

let t: TestApp;
let admin: string;
let viewer: string;
let cbd01: number;
let work: string;

beforeAll(async () => {
  // A small upload limit, so that the size checks need no large files.
  t = await createTestApp({ importMaxBytes: 2 * 1024 * 1024 });
  [admin, viewer] = await Promise.all([
    t.login('admin@example.com', 'admin1234'),
    t.login('viewer@example.com', 'viewer1234'),
  ]);
  cbd01 =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))?.id ?? 0;
  work = await mkdtemp(path.join(os.tmpdir(), 'file-format-test-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const upload = (
  files: UploadInput[],
  fields: Record<string, string> = {},
  token = admin,
  locale = 'en',
) => {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/file-format/import?locale=${locale}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });

const point = (lng: number, lat: number, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
const collection = (...features: object[]) => ({ type: 'FeatureCollection', features });

/** A zip of shapefiles made by our own geoJSONToSHP, as the files of the tests below. */
async function shapefileZip(body: object): Promise<Buffer> {
  const response = await post('/file-format/geoJSONToSHP', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('access', () => {
  it('refuses every route without a token', async () => {
    for (const url of ['/file-format/import', '/file-format/geoJSONToSHP', '/file-format/export']) {
      const response = await t.app.inject({ method: 'POST', url: `/api${url}`, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('exports only clusters the user may read', async () => {
    const forbidden = await post(
      '/file-format/export',
      { clusterId: cbd01, format: 'geojson' },
      viewer,
    );
    expect(forbidden.statusCode).toBe(403);
    const missing = await post('/file-format/export', { clusterId: 999999, format: 'geojson' });
    expect(missing.statusCode).toBe(404);
  });
});

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
    const names = (await inspectZip(zip, 'shp.zip', { maxEntries: 100, maxUncompressedBytes: 1e8 }))
      .map((e) => e.name)
      .sort();
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

  describe('bad input: a clear 4xx in the user’s language, never a 500', () => {
    const cases: [string, () => Promise<UploadInput[]>, number, RegExp, RegExp][] = [
      [
        'not a zip',
        async () => [{ name: 'network.zip', data: 'this is not a zip' }],
        400,
        /not a valid zip/,
        /pas une archive zip/,
      ],
      [
        'a zip with no shapefile',
        async () => [
          {
            name: 'docs.zip',
            data: await zipOf([{ name: 'readme.txt', data: Buffer.from('hi') }]),
          },
        ],
        422,
        /holds no shapefile/,
        /aucun shapefile/,
      ],
      [
        'a zip inside a zip',
        async () => [
          {
            name: 'outer.zip',
            data: await zipOf([
              { name: 'inner.zip', data: await zipOf([{ name: 'a.txt', data: Buffer.from('a') }]) },
            ]),
          },
        ],
        400,
        /holds another archive \(inner\.zip\)/,
        /contient une autre archive/,
      ],
      [
        'a zip bomb (too many bytes once unpacked)',
        async () => [
          {
            name: 'bomb.zip',
            data: await zipOf([{ name: 'a.shp', data: Buffer.alloc(11 * 1024 * 1024) }]),
          },
        ],
        413,
        /unpack to more than 10 MB/,
        /plus de 10 Mo une fois/,
      ],
      [
        'a zip bomb (too many entries)',
        async () => [
          {
            name: 'many.zip',
            data: await zipOf(
              Array.from({ length: 5001 }, (_, i) => ({
                name: `f${i}.txt`,
                data: Buffer.from(''),
              })),
            ),
          },
        ],
        413,
        /more than 5000 files/,
        /plus de 5000 fichiers/,
      ],
      [
        'an HTML page as .prj',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28)));
          return [
            ...parts,
            { name: 'points.prj', data: '<!DOCTYPE html><html><body>Not found</body></html>' },
          ];
        },
        422,
        /points\.prj' is not a projection file \(it is a web page\)/,
        /c’est une page web/,
      ],
      [
        'a truncated .shp',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28), point(36.9, -1.3)));
          return parts.map((p) =>
            p.name.endsWith('.shp') ? { ...p, data: (p.data as Buffer).subarray(0, 120) } : p,
          );
        },
        422,
        /truncated: its header announces 156 bytes but it holds 120/,
        /est tronqué/,
      ],
      [
        'an unknown shape type',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28)));
          return parts.map((p) => {
            if (!p.name.endsWith('.shp')) return p;
            const data = Buffer.from(p.data as Buffer);
            data.writeInt32LE(42, 32);
            return { ...p, data };
          });
        },
        422,
        /unknown shape type \(42\)/,
        /type de forme inconnu/,
      ],
      [
        'an empty layer',
        async () => [{ name: 'empty.geojson', data: JSON.stringify(collection()) }],
        422,
        /'empty.geojson' holds no features/,
        /ne contient aucune entité/,
      ],
      [
        'invalid KML coordinates',
        async () => [
          {
            name: 'bad.kml',
            data: `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>x</name><Point><coordinates>1e999,nan</coordinates></Point></Placemark></Document></kml>`,
          },
        ],
        422,
        /not finite numbers/,
        /pas des nombres finis/,
      ],
      [
        'a GeoJSON that is not GeoJSON',
        async () => [{ name: 'data.geojson', data: JSON.stringify({ hello: 'world' }) }],
        422,
        /'data.geojson' is not GeoJSON/,
        /n’est pas du GeoJSON/,
      ],
      ['no file at all', async () => [], 400, /at least one file/, /au moins un fichier/],
      [
        'a file of another kind',
        async () => [{ name: 'photo.png', data: 'png' }],
        400,
        /cannot be imported/,
        /ne peut pas être importé/,
      ],
      [
        'more than the upload limit',
        async () => [{ name: 'big.geojson', data: Buffer.alloc(3 * 1024 * 1024, 32) }],
        413,
        /larger than the import limit of 2 MB/,
        /limite d’import de 2 Mo/,
      ],
    ];

    for (const [what, files, status, english, french] of cases) {
      it(what, async () => {
        const parts = await files();
        const en = await upload(parts);
        expect(en.statusCode, en.body).toBe(status);
        expect(en.json()).toMatchObject({ status: false, statusCode: status });
        expect(en.json<{ message: string }>().message).toMatch(english);
        const fr = await upload(parts, {}, admin, 'fr');
        expect(fr.json<{ message: string }>().message).toMatch(french);
      });
    }
  });
});

/** The parts of a one-layer point shapefile made by geoJSONToSHP, named points.*. */
async function shpParts(body: object): Promise<UploadInput[]> {
  const zip = path.join(work, `parts-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(zip, await shapefileZip(body));
  const dir = `${zip}.d`;
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('unzip', ['-q', '-o', zip, '-d', dir]);
  const { readFile } = await import('node:fs/promises');
  return Promise.all(
    ['shp', 'shx', 'dbf', 'cpg'].map(async (e) => ({
      name: `points.${e}`,
      data: await readFile(path.join(dir, `points.${e}`)),
    })),
  );
}
