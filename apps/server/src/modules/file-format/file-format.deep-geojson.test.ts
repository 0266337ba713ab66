import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app.ts';
import { admin, t, useFileFormatApp } from './file-format.fixtures.ts';
import { multipart } from './test-uploads.ts';

useFileFormatApp();

/** A Point whose coordinates nest `depth` arrays deep: [[[…[36.8, -1.28]…]]]. */
const deepPoint = (depth: number) =>
  `{"type":"Point","coordinates":${'['.repeat(depth)}36.8,-1.28${']'.repeat(depth)}}`;

const send = (payload: string | Buffer, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/file-format/geoJSONToSHP?locale=fr',
    payload,
    headers: { 'content-type': contentType, ...bearer(admin) },
  });

/** Issue 14, finding 10: deep GeoJSON overflowed the stack in JSON.stringify (a 500). */
describe('POST /file-format/geoJSONToSHP with deeply nested coordinates', () => {
  it('refuses 100,000 levels with a 400 in the user’s language, and stays up', async () => {
    const answer = await send(deepPoint(100_000), 'application/json');
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({
      status: false,
      error: 'VALIDATION_ERROR',
      message: expect.stringMatching(/trop profondément imbriqué \(plus de 64 niveaux\)/),
    });
    const started = performance.now();
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('leaves coordinates nested just under the limit to GDAL, which copes', async () => {
    const answer = await send(deepPoint(60), 'application/json; charset=utf-8');
    expect(answer.statusCode, answer.body).toBeLessThan(500);
  });

  it('refuses the same text sent as another kind of body', async () => {
    const deep = deepPoint(100_000);
    const form = multipart([{ name: 'deep.geojson', data: deep }], { geojson: deep });
    for (const [payload, type] of [
      [deep, 'text/plain'],
      [form.payload, form.headers['content-type']],
    ] as const) {
      const answer = await send(payload, type);
      expect(answer.statusCode, `${type}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
