import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { whileProbingHealth } from '../../test/stall-probe.ts';
import { multipart, zipOf, type UploadInput } from './test-uploads.ts';

/**
 * Issue 25, finding 4: a KMZ of a few hundred KB whose <name> is 190 MB answered 199 MB after
 * 22–27 s and held the server 7–9 s. The same class, smaller (an 8 MB name): the answer stays
 * small, the server answers others at once, and the user is told what was cut.
 */
let t: TestApp;
let token: string;
const MB = 1024 * 1024;
const point = '<Point><coordinates>36.82,-1.28</coordinates></Point>';

beforeAll(async () => {
  t = await createTestApp({ importMaxBytes: 64 * MB });
  token = await t.login('planner@example.com', 'planner1234');
  // Listening, GDAL's worker started, as a running server: the probes measure the upload alone.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const warm = await upload([
    { name: 'warm.kml', data: `<kml><Placemark>${point}</Placemark></kml>` },
  ]);
  expect(warm.statusCode, warm.body).toBe(200);
}, 240_000);
afterAll(() => t.close());

const upload = (files: UploadInput[]) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-format/import?locale=en',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

/** A KML with `huge` where the text goes, built as a Buffer (no huge string in the test). */
const kmlAround = (head: string, tail: string, bytes: number) =>
  Buffer.concat([
    Buffer.from(`<kml xmlns="http://www.opengis.net/kml/2.2">${head}`),
    Buffer.alloc(bytes, 'A'),
    Buffer.from(`${tail}</kml>`),
  ]);

describe('a KMZ holding a huge text', () => {
  it('an 8 MB placemark and folder name: a small answer, names cut, a warning', async () => {
    const kml = kmlAround(
      '<Document><name>',
      `</name><Placemark><name>${'B'.repeat(8 * MB)}</name>${point}</Placemark></Document>`,
      8 * MB,
    );
    const kmz = await zipOf([{ name: 'doc.kml', data: kml }]);
    expect(kmz.length).toBeLessThan(100_000);
    const { result: answer, report } = await whileProbingHealth(t.app, () =>
      upload([{ name: 'huge-name.kmz', data: kmz }]),
    );
    expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
    console.log(`KMZ with 8 MB names: worst health probe ${Math.round(report.worstMs)} ms`);
    expect(report.overOneSecond, JSON.stringify(report)).toBe(0);
    expect(answer.rawPayload.length).toBeLessThan(64 * 1024);
    const { layers, warnings } = answer.json<{ data: ImportResult }>().data;
    expect(layers[0]?.name).toHaveLength(1_000);
    expect(String(layers[0]?.features.features[0]?.properties?.Name)).toHaveLength(1_000);
    expect(warnings.join(' ')).toMatch(/2 value\(s\) too long .* were cut \('Name'\)/);
  }, 120_000);

  it('an 8 MB name without any placemark: a 4xx of a few hundred bytes, no stall', async () => {
    const kml = kmlAround('<Document><name>', '</name></Document>', 8 * MB);
    const kmz = await zipOf([{ name: 'doc.kml', data: kml }]);
    const { result: answer, report } = await whileProbingHealth(t.app, () =>
      upload([{ name: 'empty.kmz', data: kmz }]),
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.rawPayload.length).toBeLessThan(64 * 1024);
    expect(report.overOneSecond, JSON.stringify(report)).toBe(0);
  }, 120_000);
});

describe('a GeoJSON holding a huge text', () => {
  it('a 5 MB property is cut to 100,000 characters and said so; numbers stay numbers', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'P1', note: 'x'.repeat(5 * MB), height: -1.28 },
          geometry: { type: 'Point', coordinates: [36.82, -1.28] },
        },
      ],
    };
    const zip = await zipOf([
      { name: 'poles.geojson', data: Buffer.from(JSON.stringify(collection)) },
    ]);
    const answer = await upload([{ name: 'poles.zip', data: zip }]);
    expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(200_000);
    const [layer] = answer.json<{ data: ImportResult }>().data.layers;
    const properties = layer?.features.features[0]?.properties ?? {};
    expect(String(properties.note)).toHaveLength(100_000);
    expect(properties.height).toBe(-1.28);
    expect(layer?.warnings.join(' ')).toMatch(/1 value\(s\) too long .* \('note'\)/);
  }, 60_000);
});
