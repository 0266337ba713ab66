import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { expandCompactElements, verticesOfWkb, type CompactElements } from '@integration/contracts';
import { clusterElementsJson } from './cluster-json.ts';
import { ELEMENT_JSON, FROM_ELEMENTS } from './element-json.sql.ts';

let t: TestApp;
let clusterId: number;

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.db.one<{ id: number }>(sql`
    SELECT e.cluster_id AS id FROM network_elements e
    GROUP BY e.cluster_id ORDER BY count(DISTINCT e.type) DESC, count(*) DESC LIMIT 1`);
  clusterId = row?.id ?? 0;
});
afterAll(() => t.close());

/** The API shape as element-json.sql.ts builds it in the database: the reference. */
const builtInSql = async (type: string) =>
  JSON.parse(
    (
      await t.db.one<{ json: string }>(sql`
        SELECT coalesce(json_agg(${ELEMENT_JSON} ORDER BY e.id), '[]')::text AS json
        FROM ${FROM_ELEMENTS}
        WHERE e.cluster_id = ${clusterId} AND e.type = ${type} AND e.deleted_at IS NULL`)
    )?.json ?? '[]',
  ) as unknown[];

describe('cluster elements JSON assembled in Node', () => {
  it.each(ELEMENT_TYPES.map((type) => [type.internalName]))(
    'equals the SQL-built shape for %s, every field and value',
    async (type) => {
      const expected = await builtInSql(type);
      expect(expected.length).toBeGreaterThan(0);
      expect(JSON.parse(await clusterElementsJson(t.db, clusterId, type))).toEqual(expected);
    },
  );

  it('keeps equal through the edge cases: odd attributes, a cable capacity colour, a vertex-heavy zone', async () => {
    // A cable whose capacity matches a colour of the template, a stored JSON null, an
    // attribute the template does not know, and a zone with many vertices.
    await t.db.one(sql`
      UPDATE network_elements SET attributes = attributes
        || jsonb_build_object('Capacity', (SELECT c->'capacity' FROM element_templates tt,
             jsonb_array_elements(tt.style->'cables') c WHERE tt.id = network_elements.template_id LIMIT 1),
             'Type', 'null'::jsonb, 'Unknown', 'x')
      WHERE id = (SELECT min(id) FROM network_elements WHERE cluster_id = ${clusterId} AND type = 'Cable')
      RETURNING id`);
    await t.db.one(sql`
      UPDATE network_elements SET geom = ST_SetSRID(ST_Buffer(ST_Centroid(geom), 0.001, 32), 4326)
      WHERE id = (SELECT min(id) FROM network_elements WHERE cluster_id = ${clusterId} AND type = 'Zone')
      RETURNING id`);
    for (const type of ['Cable', 'Zone'] as const) {
      expect(JSON.parse(await clusterElementsJson(t.db, clusterId, type))).toEqual(
        await builtInSql(type),
      );
    }
  });

  it('answers the same elements as flat rows with ?shape=compact, to the signed-in only', async () => {
    const token = await t.login('admin@example.com', 'admin1234');
    const get = (query: string, auth: Record<string, string> = bearer(token)) =>
      t.app.inject({
        url: `/api/networkelements/cable/cluster/${clusterId}${query}`,
        headers: auth,
      });
    const full = await get('');
    const compact = await get('?shape=compact');
    expect(compact.statusCode).toBe(200);
    const rows = compact.json<{ data: CompactElements }>().data;
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(expandCompactElements(rows)).toEqual(full.json<{ data: unknown[] }>().data);
    expect((await get('?shape=compact', {})).statusCode).toBe(401);
    expect((await get('?shape=wide')).statusCode).toBe(400);
  });

  it('answers 304 to a sync that holds the current tag, and a new tag after any change', async () => {
    const token = await t.login('admin@example.com', 'admin1234');
    const url = `/api/networkelements/pole/cluster/${clusterId}?shape=compact`;
    const get = (etag?: string) =>
      t.app.inject({
        url,
        headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await get();
    const etag = String(first.headers.etag);
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^W\/"compact-/);
    expect(first.headers['cache-control']).toBe('no-store');

    const unchanged = await get(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const [pole] = first.json<{ data: CompactElements }>().data.rows;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/networkelements/pole/${pole?.[0]}`,
      headers: bearer(token),
      payload: { coordinates: { lat: -1.28, lng: 36.82 } },
    });
    expect(moved.statusCode).toBe(200);
    const after = await get(etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<{ data: CompactElements }>().data.rows[0]?.[2]).toBe((pole?.[2] ?? 0) + 1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/networkelements/pole/${pole?.[0]}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(String(after.headers.etag))).statusCode).toBe(200);
  });

  it('answers an empty array for a cluster without elements of the type', async () => {
    expect(await clusterElementsJson(t.db, -1, 'Pole')).toBe('[]');
  });

  it('reads WKB in either byte order', () => {
    const big = Buffer.alloc(9 + 32);
    big.writeUInt8(0, 0);
    big.writeUInt32BE(2, 1);
    big.writeUInt32BE(2, 5);
    [36.8, -1.28, 36.9, -1.29].forEach((v, i) => big.writeDoubleBE(v, 9 + i * 8));
    expect(verticesOfWkb(big.toString('hex'), false)).toEqual([
      { lat: -1.28, lng: 36.8 },
      { lat: -1.29, lng: 36.9 },
    ]);
  });
});
