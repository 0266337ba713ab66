import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { idByName } from '../../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { OfdsPackage } from './ofds-model.ts';
import { hasOfdsSchema, referenceValidator, unzip } from './ofds-test-support.ts';

/**
 * OFDS export (issue 29): the demo project as a network package valid against the standard's
 * schema, its GeoJSON zip, the CRS rule, scopes and access.
 */
if (!hasOfdsSchema)
  console.log('The OFDS schema is not in ../shared/data/standards/ofds: schema validation skipped');

let t: TestApp;
let admin: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  projectId = await idByName(t.db, 'projects', 'Nairobi CBD');
});
afterAll(() => t.close());

const exportOfds = (payload: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/file-format/export',
    payload: { format: 'ofds', ...payload },
    headers: bearer(token),
  });

describe('OFDS export', () => {
  let pkg: OfdsPackage;
  let skipped: number;

  beforeAll(async () => {
    const response = await exportOfds({ projectId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    pkg = JSON.parse(response.body) as OfdsPackage;
    skipped = Number(response.headers['x-skipped-features']);
  });

  it.skipIf(!hasOfdsSchema)('validates against the network package schema (Ajv 2020)', () => {
    const validate = referenceValidator();
    const valid = validate(pkg);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 5))).toEqual([]);
    expect(valid).toBe(true);
  });

  it('publishes offices, FDT-SROs, closures and PBO-FATs as nodes, cables between them as spans', async () => {
    const [network] = pkg.networks;
    if (!network) throw new Error('no network');
    const nodes = network.nodes ?? [];
    const spans = network.spans ?? [];
    const live = await t.db.rows<{ type: string; n: number }>(sql`
      SELECT e.type, count(*)::int AS n FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId} AND e.deleted_at IS NULL
      GROUP BY e.type`);
    const count = (type: string) => live.find((r) => r.type === type)?.n ?? 0;
    const byPrefix = (prefix: RegExp) => nodes.filter((n) => prefix.test(n.id)).length;
    expect(byPrefix(/^FDT\d+$/)).toBe(count('FDTSRO'));
    expect(byPrefix(/^SC\d+$/)).toBe(count('SpliceClosure'));
    expect(byPrefix(/^PBO\d+$/)).toBe(count('PboFat'));
    const office = nodes.find((n) => /^CO\d+$/.test(n.id));
    expect(office?.type).toEqual(['pop']);
    expect(office?.location?.coordinates).toHaveLength(2);
    expect(nodes.filter((n) => n.id.startsWith('PBO')).every((n) => n.accessPoint)).toBe(true);

    // Every cable is either a span between two published nodes or counted as left out.
    expect(spans.length + skipped).toBe(count('Cable'));
    expect(spans.length).toBeGreaterThan(0);
    const ids = new Set(nodes.map((n) => n.id));
    expect(ids.size).toBe(nodes.length);
    for (const span of spans) {
      expect(ids.has(span.start ?? ''), span.id).toBe(true);
      expect(ids.has(span.end ?? ''), span.id).toBe(true);
      expect(span.route?.type).toBe('LineString');
      expect(span.transmissionMedium).toEqual(['fibre']);
    }
    // The trunk from the office to the FDT-SRO is one of them, with its fibre count.
    const trunk = spans.find((s) => s.start === office?.id || s.end === office?.id);
    expect(trunk?.fibreCount).toBeGreaterThan(0);
    expect(trunk?.fibreLength).toBeGreaterThan(0.5);

    expect(network.crs).toEqual({
      name: 'urn:ogc:def:crs:OGC::CRS84',
      uri: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
    });
    expect(network.organisations?.[0]).toMatchObject({ name: 'Safaricom', country: 'KE' });
    expect(network.phases?.map((p) => p.name).sort()).toEqual(['CBD-01', 'CBD-02', 'UPH-01']);
    expect(network.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('keeps the network id from one export to the next', async () => {
    const again = JSON.parse((await exportOfds({ projectId })).body) as OfdsPackage;
    expect(again.networks[0]?.id).toBe(pkg.networks[0]?.id);
  });

  it('answers the package with its GeoJSON nodes and spans in a zip (OFDS transformation)', async () => {
    const response = await exportOfds({ projectId, ofdsGeojson: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/zip');
    const entries = unzip(response.rawPayload);
    const names = [...entries.keys()];
    expect(names).toHaveLength(3);
    const read = (suffix: string) =>
      JSON.parse(entries.get(names.find((n) => n.endsWith(suffix)) ?? '')?.toString() ?? '') as {
        type: string;
        features: { geometry: { type: string }; properties: Record<string, unknown> }[];
      };
    const packaged = JSON.parse(
      entries.get(names.find((n) => n.endsWith('.json')) ?? '')?.toString() ?? '',
    ) as OfdsPackage;
    expect(packaged.networks[0]?.nodes?.length).toBe(pkg.networks[0]?.nodes?.length);
    const nodes = read('-nodes.geojson');
    const spans = read('-spans.geojson');
    expect(nodes.type).toBe('FeatureCollection');
    expect(nodes.features).toHaveLength(pkg.networks[0]?.nodes?.length ?? -1);
    expect(spans.features).toHaveLength(pkg.networks[0]?.spans?.length ?? -1);
    const node = nodes.features[0];
    expect(node?.geometry.type).toBe('Point');
    expect(node?.properties).not.toHaveProperty('location');
    const network = node?.properties.network as Record<string, unknown>;
    expect(network.id).toBe(pkg.networks[0]?.id);
    expect(network).not.toHaveProperty('nodes');
    expect(network).not.toHaveProperty('phases');
    // References replaced by the objects they name: the organisation whole, the end nodes.
    expect(node?.properties.networkProviders).toEqual([pkg.networks[0]?.organisations?.[0]]);
    const span = spans.features[0];
    expect(span?.geometry.type).toBe('LineString');
    expect(span?.properties.start).toMatchObject({
      id: expect.any(String),
      location: expect.any(Object),
    });
    expect(span?.properties).not.toHaveProperty('route');
  });

  it('exports a cluster or an office alone', async () => {
    const clusterId = await idByName(t.db, 'clusters', 'CBD-01');
    const cluster = await exportOfds({ clusterId });
    expect(cluster.statusCode, cluster.body).toBe(200);
    const officeId = await idByName(t.db, 'central_offices', 'CO Nairobi Central');
    const office = await exportOfds({ centralOfficeId: officeId });
    expect(office.statusCode, office.body).toBe(200);
    const phases = (JSON.parse(cluster.body) as OfdsPackage).networks[0]?.phases;
    expect(phases?.map((p) => p.name)).toEqual(['CBD-01']);
  });

  it('leaves Cancelled clusters out', async () => {
    const clusterId = await idByName(t.db, 'clusters', 'CBD-02');
    await t.db.rows(sql`UPDATE clusters SET project_phase = 'Cancelled' WHERE id = ${clusterId}`);
    try {
      const body = JSON.parse((await exportOfds({ projectId })).body) as OfdsPackage;
      expect(body.networks[0]?.phases?.map((p) => p.name)).not.toContain('CBD-02');
      const alone = await exportOfds({ clusterId });
      expect(alone.statusCode).toBe(422);
    } finally {
      await t.db.rows(
        sql`UPDATE clusters SET project_phase = 'In-Progress' WHERE id = ${clusterId}`,
      );
    }
  });

  it('refuses a CRS other than longitude/latitude (OFDS is CRS84 only)', async () => {
    const response = await exportOfds({ projectId, crs: 2154 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/EPSG:4326/);
    expect((await exportOfds({ projectId, crs: 4326 })).statusCode).toBe(200);
  });

  it('is refused to users without the project, and answers 404 for a missing one', async () => {
    const outsider = await t.login('planner.mombasa@example.com', 'planner1234');
    expect((await exportOfds({ projectId }, outsider)).statusCode).toBe(403);
    expect((await exportOfds({ projectId: 999_999 }, outsider)).statusCode).toBe(403);
    expect((await exportOfds({ projectId: 999_999 })).statusCode).toBe(404);
    const member = await t.login('planner@example.com', 'planner1234');
    expect((await exportOfds({ projectId }, member)).statusCode).toBe(200);
  });
});
