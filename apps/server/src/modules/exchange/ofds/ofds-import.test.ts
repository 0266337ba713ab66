import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExchangeImportAnswer } from '@integration/contracts';
import { idByName } from '../../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipart, type UploadInput } from '../../file-format/test-uploads.ts';
import type { OfdsPackage } from './ofds-model.ts';
import { hasOfdsSchema, ofdsExample, unzip } from './ofds-test-support.ts';

/**
 * OFDS import (issue 29): a package becomes a new project under a main project, with a report;
 * invalid and hostile packages are refused with the schema's messages and nothing written; our
 * own export comes back with the same nodes and spans.
 */
if (!hasOfdsSchema)
  console.log(
    'The OFDS examples are not in ../shared/data/standards/ofds: example imports skipped',
  );

let t: TestApp;
let admin: string;
let nairobiFtth: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  nairobiFtth = await idByName(t.db, 'main_projects', 'Nairobi FTTH');
});
afterAll(() => t.close());

function importFiles(files: UploadInput[], fields: Record<string, string>, token = admin) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-format/import',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

/** The import's answer (with or without the API envelope around it). */
const answerOf = (body: string) => {
  const json = JSON.parse(body) as { data?: ExchangeImportAnswer } & ExchangeImportAnswer;
  return json.data ?? json;
};

const projectCount = async () =>
  (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM projects`))?.n ?? 0;

/** Live elements of a project per type. */
async function elementsOf(projectId: number) {
  const rows = await t.db.rows<{ type: string; n: number }>(sql`
    SELECT e.type, count(*)::int AS n FROM network_elements e
    JOIN clusters c ON c.id = e.cluster_id
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE co.project_id = ${projectId} AND e.deleted_at IS NULL GROUP BY e.type`);
  return Object.fromEntries(rows.map((r) => [r.type, r.n])) as Record<string, number>;
}

const exportProject = async (projectId: number, ofdsGeojson = false) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file-format/export',
    payload: { format: 'ofds', projectId, ofdsGeojson },
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('OFDS import', () => {
  it.skipIf(!hasOfdsSchema)(
    "refuses the standard's invalid example with the schema's paths and messages",
    async () => {
      const before = await projectCount();
      const response = await importFiles(
        [
          {
            name: 'network-package-invalid.json',
            data: ofdsExample('network-package-invalid.json'),
          },
        ],
        { mainProjectId: String(nairobiFtth) },
      );
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json<{
        error: string;
        message: string;
        details: { count: number; problems: { path: string; message: string }[] };
      }>();
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/OFDS/);
      const lines = body.details.problems.map((p) => p.message);
      for (const expected of [
        '/networks/0/id must match format "uuid"',
        '/networks/0/nodes must NOT have fewer than 1 items',
        "/networks/0/spans/0 must have required property 'id'",
        '/networks/0/spans/0/status must be equal to one of the allowed values',
        '/networks/0/phases must NOT have duplicate items (items ## 1 and 0 are identical)',
        '/networks/0/crs/name must be equal to constant',
        '/networks/0/links/1/rel must match pattern "^(?!(describedby))"',
      ])
        expect(lines).toContain(expected);
      // The schema's 26, and ours: the phase id given twice.
      expect(body.details.count).toBeGreaterThanOrEqual(26);
      expect(lines).toContain('/networks/0/phases/1/id repeats the id 1 of /networks/0/phases/0.');
      expect(await projectCount()).toBe(before);
    },
  );

  it.skipIf(!hasOfdsSchema)(
    "imports the standard's example as a new project, with a report",
    async () => {
      const response = await importFiles(
        [{ name: 'network-package.json', data: ofdsExample('network-package.json') }],
        { mainProjectId: String(nairobiFtth) },
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = answerOf(response.body);
      expect(answer.standard).toBe('ofds');
      expect(answer.target.name).toBe('Ghana Fibre Network');
      const line = (source: string) => answer.report.find((r) => r.source === source);
      expect(line('nodes')).toMatchObject({ read: 2, mapped: 2, skipped: 0 });
      expect(line('spans')).toMatchObject({ read: 1, mapped: 1, skipped: 0 });
      expect(line('phases')).toMatchObject({ read: 1, mapped: 1 });
      expect(line('organisations')).toMatchObject({ read: 4, mapped: 0, skipped: 4 });

      const { projectId } = answer.target;
      const project = await t.db.one<{ mainProjectId: number }>(
        sql`SELECT main_project_id AS "mainProjectId" FROM projects WHERE id = ${projectId}`,
      );
      expect(project?.mainProjectId).toBe(nairobiFtth);
      // Accra, the first point of presence, places the office; Kumasi becomes a closure.
      const office = await t.db.one<{ name: string; lng: number; lat: number }>(sql`
      SELECT name, ST_X(location) AS lng, ST_Y(location) AS lat FROM central_offices
      WHERE project_id = ${projectId}`);
      expect(office).toEqual({ name: 'Accra', lng: -0.174, lat: 5.625 });
      expect(await elementsOf(projectId)).toEqual({ SpliceClosure: 1, Cable: 1 });
      const cluster = await t.db.one<{ name: string; phase: string }>(sql`
      SELECT c.name, c.project_phase AS phase FROM clusters c
      WHERE c.id = ${answer.target.clusterIds[0] ?? 0}`);
      expect(cluster).toEqual({ name: 'NextGen Phase 1', phase: 'Completed' });
      const cable = await t.db.one<{ name: string; capacity: string; points: number }>(sql`
      SELECT name, attributes->>'Capacity' AS capacity, ST_NPoints(geom) AS points
      FROM network_elements WHERE type = 'Cable' AND cluster_id = ${answer.target.clusterIds[0] ?? 0}`);
      expect(cable).toEqual({ name: 'Accra to Kumasi', capacity: '"24"', points: 13 });

      // Imported again: a new project beside it, its name made free.
      const again = answerOf(
        (
          await importFiles(
            [{ name: 'network-package.json', data: ofdsExample('network-package.json') }],
            { mainProjectId: String(nairobiFtth) },
          )
        ).body,
      );
      expect(again.target.name).toBe('Ghana Fibre Network (2)');
    },
  );

  it('brings our own export back with the same nodes and spans, as JSON and as GeoJSON', async () => {
    const projectId = await idByName(t.db, 'projects', 'Nairobi CBD');
    const exported = await exportProject(projectId);
    const pkg = JSON.parse(exported.body) as OfdsPackage;
    const nodes = pkg.networks[0]?.nodes?.length ?? 0;
    const spans = pkg.networks[0]?.spans?.length ?? 0;

    const check = async (answer: ExchangeImportAnswer, clusters: number) => {
      const counts = await elementsOf(answer.target.projectId);
      // One node (the office) became the central office; every other one an element.
      expect((counts.FDTSRO ?? 0) + (counts.SpliceClosure ?? 0) + (counts.PboFat ?? 0) + 1).toBe(
        nodes,
      );
      expect(counts.Cable).toBe(spans);
      expect(counts.FDTSRO).toBe(1);
      expect(answer.report.find((r) => r.source === 'nodes')).toMatchObject({
        read: nodes,
        mapped: nodes,
      });
      expect(answer.report.find((r) => r.source === 'spans')).toMatchObject({
        read: spans,
        mapped: spans,
      });
      expect(answer.target.clusterIds).toHaveLength(clusters);
    };

    const json = await importFiles([{ name: 'nairobi.json', data: exported.body }], {
      mainProjectId: String(nairobiFtth),
      projectName: 'Nairobi CBD OFDS',
    });
    expect(json.statusCode, json.body).toBe(200);
    const answer = answerOf(json.body);
    expect(answer.target.name).toBe('Nairobi CBD OFDS');
    await check(answer, pkg.networks[0]?.phases?.length ?? -1);

    const entries = unzip((await exportProject(projectId, true)).rawPayload);
    const geojson = [...entries]
      .filter(([name]) => name.endsWith('.geojson'))
      .map(([name, data]) => ({ name, data }));
    expect(geojson).toHaveLength(2);
    const fromGeoJson = await importFiles(geojson, { mainProjectId: String(nairobiFtth) });
    expect(fromGeoJson.statusCode, fromGeoJson.body).toBe(200);
    // GeoJSON carries the phases its features name: empty ones are not in it.
    const named = new Set(
      [...(pkg.networks[0]?.nodes ?? []), ...(pkg.networks[0]?.spans ?? [])].flatMap((item) =>
        item.phase ? [item.phase.id] : [],
      ),
    );
    await check(answerOf(fromGeoJson.body), named.size);
  });

  it('needs the main project, and a user who works in it', async () => {
    const data = JSON.stringify({
      networks: [{ id: '0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d', links: [], nodes: [] }],
    });
    const file = [{ name: 'net.json', data }];
    expect((await importFiles(file, {})).statusCode).toBe(400);
    expect((await importFiles(file, { mainProjectId: '999999' })).statusCode).toBe(404);
    const outsider = await t.login('planner.mombasa@example.com', 'planner1234');
    const before = await projectCount();
    expect(
      (await importFiles(file, { mainProjectId: String(nairobiFtth) }, outsider)).statusCode,
    ).toBe(403);
    expect((await importFiles(file, { mainProjectId: '999999' }, outsider)).statusCode).toBe(403);
    const field = await t.login('field@example.com', 'field1234');
    expect(
      (await importFiles(file, { mainProjectId: String(nairobiFtth) }, field)).statusCode,
    ).toBe(403);
    expect(await projectCount()).toBe(before);
  });

  it('lets a planner of the main project import, and see what came in', async () => {
    const planner = await t.login('planner@example.com', 'planner1234');
    const data = JSON.stringify({
      networks: [
        {
          id: '0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d',
          name: 'Planner backbone',
          links: [
            {
              rel: 'describedby',
              href: 'https://raw.githubusercontent.com/Open-Telecoms-Data/open-fibre-data-standard/0__3__0/schema/network-schema.json',
            },
          ],
          nodes: [
            {
              id: 'a',
              name: 'Exchange',
              type: ['exchange'],
              location: { type: 'Point', coordinates: [36.8, -1.3] },
            },
            { id: 'b', type: ['cabinet'], location: { type: 'Point', coordinates: [36.81, -1.3] } },
            { id: 'c', location: { type: 'Point', coordinates: [36.82, -1.3] } },
            { id: 'd', name: 'No place' },
          ],
          spans: [
            { id: 's1', start: 'a', end: 'b', fibreCount: 30 },
            {
              id: 's2',
              start: 'b',
              end: 'c',
              fibreCount: 500,
              route: {
                type: 'LineString',
                coordinates: [
                  [36.81, -1.3],
                  [36.815, -1.301],
                  [36.82, -1.3],
                ],
              },
            },
            { id: 's3', start: 'c', end: 'd' },
          ],
        },
      ],
    });
    const response = await importFiles(
      [{ name: 'backbone.json', data }],
      { mainProjectId: String(nairobiFtth) },
      planner,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = answerOf(response.body);
    expect(answer.report.find((r) => r.source === 'nodes')).toMatchObject({
      read: 4,
      mapped: 3,
      skipped: 1,
    });
    expect(answer.report.find((r) => r.source === 'spans')).toMatchObject({
      read: 3,
      mapped: 2,
      skipped: 1,
    });
    // One straight line (s1), one span without a way (s3), two counts rounded (30 → 48, 500 → 144).
    expect(answer.warnings.join(' ')).toMatch(/1 span\(s\) had no route/);
    expect(answer.warnings.join(' ')).toMatch(/2 span\(s\) have a fibre count/);
    const projectId = answer.target.projectId;
    expect(await elementsOf(projectId)).toEqual({ FDTSRO: 1, SpliceClosure: 1, Cable: 2 });
    const capacities = await t.db.rows<{ c: string }>(sql`
      SELECT e.attributes->>'Capacity' AS c FROM network_elements e
      WHERE e.type = 'Cable' AND e.cluster_id = ANY(${`{${answer.target.clusterIds.join(',')}}`}::int[])
      ORDER BY e.id`);
    expect(capacities.map((r) => r.c)).toEqual(['"48"', '"144"']);
    // Unnamed nodes and spans are named by the cluster's convention.
    const names = await t.db.rows<{ name: string }>(sql`
      SELECT name FROM network_elements WHERE cluster_id = ${answer.target.clusterIds[0] ?? 0}
      ORDER BY id`);
    expect(names.every((r) => r.name.length > 0)).toBe(true);
    // The planner now works in the new project: its export is theirs to read.
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/file-format/export',
      payload: { format: 'ofds', projectId },
      headers: bearer(planner),
    });
    expect(exported.statusCode, exported.body).toBe(200);
  });

  describe('hostile packages', () => {
    const refused = async (data: string | Buffer, status: number, message: RegExp) => {
      const before = await projectCount();
      const response = await importFiles([{ name: 'hostile.json', data }], {
        mainProjectId: String(nairobiFtth),
      });
      expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
      expect(response.body).toMatch(message);
      expect(await projectCount()).toBe(before);
    };

    it('refuses a file that is not JSON', () =>
      refused('{"networks": [ {"id": "x", ', 422, /is not JSON/));

    it('refuses deep nesting before anything recursive reads it', () =>
      refused(
        `{"networks":[{"id":"0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d","links":[],"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`,
        422,
        /nests deeper than 48 levels/,
      ));

    it('refuses huge arrays', () =>
      refused(
        `{"networks":[{"id":"0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d","links":[],"nodes":[${Array.from({ length: 250_001 }, (_, i) => `{"id":"${i}"}`).join(',')}]}]}`,
        422,
        /250001 items; at most 250000/,
      ));

    it('refuses spans between nodes that are not there, and ids given twice', () =>
      refused(
        JSON.stringify({
          networks: [
            {
              id: '0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d',
              links: [],
              nodes: [{ id: 'a', location: { type: 'Point', coordinates: [200, 0] } }, { id: 'a' }],
              spans: [{ id: 's', start: 'a', end: 'zz' }],
            },
          ],
        }),
        422,
        /names no node of the network: zz.*|repeats the id a/,
      ));

    it('refuses a package over 50 MB: JSON is read whole', () =>
      refused(
        Buffer.concat([
          Buffer.from('{"networks":[{"id":"x","links":[],"name":"'),
          Buffer.alloc(51 * 1024 * 1024, 'a'),
          Buffer.from('"}]}'),
        ]),
        413,
        /at most 50 MB/,
      ));
  });
});
