import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileProbingHealth } from '../../test/stall-probe.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../file-format/test-uploads.ts';

/**
 * The heaviest exchange requests (issue 29) while a second client asks /api/health every 100 ms:
 * a GraceTHD delivery of the demo's largest cluster written (read in pieces, written by the GDAL
 * worker), the same delivery imported (one transaction), an OFDS package and a DXF drawing.
 */
let t: TestApp;
let admin = '';
let cbd01 = 0;
let empty = 0;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  cbd01 =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))?.id ?? 0;
  empty =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'UPH-01'`))?.id ?? 0;
}, 120_000);
afterAll(() => t.close());

const exportOf = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/file-format/export', payload, headers: bearer(admin) });

describe('exchange requests under load', () => {
  let gpkg: Buffer = Buffer.alloc(0);

  it('answers others while a GraceTHD delivery, an OFDS package and a DXF drawing are written', async () => {
    for (const format of ['gracethd', 'ofds', 'dxf']) {
      const { result, report } = await whileProbingHealth(t.app, () =>
        exportOf({ clusterId: cbd01, format }),
      );
      expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
      if (format === 'gracethd') gpkg = result.rawPayload;
      expect(report.worstMs, `${format}: ${JSON.stringify(report)}`).toBeLessThan(1000);
    }
  }, 180_000);

  it('answers others while a delivery is imported (on PostgreSQL; embedded: bounded, see note)', async () => {
    const body = multipart([{ name: 'CBD-01.gpkg', data: gpkg }], { clusterId: String(empty) });
    const { result, report } = await whileProbingHealth(t.app, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/file-format/import',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin) },
      }),
    );
    expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    // Note: the import is one transaction (nothing half-written), and on the embedded database a
    // transaction holds its one connection: /api/health, which queries the database, waits for
    // the writing part of it (the reading and checking before it do not hold the database).
    // 0.95–1.2 s worst on a quiet machine for the demo cluster (2,919 elements, 27,294 t_fibre
    // and 23,612 t_position rows); CI's loaded machine saw 2.08 s. The embedded bound, 3 s, is
    // there for a regression to seconds more, not for the machine's load. PostgreSQL serves
    // others meanwhile.
    expect(report.worstMs, JSON.stringify(report)).toBeLessThan(onPostgres ? 1000 : 3000);
  }, 180_000);
});
