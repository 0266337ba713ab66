import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, type UploadInput } from './test-uploads.ts';

/** Test support for the file format API tests: one app per test file, a work folder, bodies. */

export let t: TestApp;
export let admin: string;
export let viewer: string;
export let cbd01: number;
export let work: string;

/** Opens the app and a work folder before the file's tests, and removes both after. */
export function useFileFormatApp(): void {
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
}

export const upload = (
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
export const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });

export const point = (lng: number, lat: number, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
export const collection = (...features: object[]) => ({ type: 'FeatureCollection', features });

/** A zip of shapefiles made by our own geoJSONToSHP, as the files the tests upload. */
export async function shapefileZip(body: object): Promise<Buffer> {
  const response = await post('/file-format/geoJSONToSHP', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The loose parts of a shapefile of `body` (points), as a user would pick them. */
export async function shpParts(body: object): Promise<UploadInput[]> {
  const zip = path.join(work, `parts-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(zip, await shapefileZip(body));
  const dir = `${zip}.d`;
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('unzip', ['-q', '-o', zip, '-d', dir]);
  return Promise.all(
    ['shp', 'shx', 'dbf', 'cpg'].map(async (e) => ({
      name: `points.${e}`,
      data: await readFile(path.join(dir, `points.${e}`)),
    })),
  );
}
