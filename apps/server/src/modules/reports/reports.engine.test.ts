import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reportMetric,
  type Metric,
  type MetricResult,
  type ReportRun,
} from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';

/**
 * The engine against numbers computed by hand, on a small network drawn in two fresh clusters
 * of Nairobi CBD's CO Nairobi Central:
 * - RPT-A: PBO-FATs of capacity 8 with 2 users and of 16 with 4 users; buildings of 3 and 5
 *   floors.
 * - RPT-B: a PBO-FAT of capacity 16 with 8 users; buildings of 0 and "n/a" floors.
 */
let t: TestApp;
let admin: string;
let planner: string;
let viewer: string;
let project = 0;
let office = 0;
let clusterA = 0;
let clusterB = 0;
let clusterC = 0;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const users = (n: number) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ mainId: `U${i}` })));
const point = (i: number) => ({ lat: -1.29 + i * 0.0002, lng: 36.81 + i * 0.0002 });

async function draw(segment: string, clusterId: number, items: object[]) {
  const response = await post(`/api/networkelements/${segment}/create/multiple`, {
    data: items.map((attributes, i) => ({ clusterId, coordinates: point(i), attributes })),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function cluster(name: string): Promise<number> {
  const response = await post('/api/clusters/cluster/create', { centralOfficeId: office, name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
  viewer = await t.login('viewer@example.com', 'viewer1234');
  project = await idByName(t.db, 'projects', 'Nairobi CBD');
  office = await idByName(t.db, 'central_offices', 'CO Nairobi Central');
  clusterA = await cluster('RPT-A');
  clusterB = await cluster('RPT-B');
  // RPT-C stays empty.
  clusterC = await cluster('RPT-C');
  await draw('pbofat', clusterA, [
    { Capacity: '8', 'FAT Existing Users ID': users(2) },
    { Capacity: '16', 'FAT Existing Users ID': users(4) },
  ]);
  await draw('building', clusterA, [{ Floors: 3 }, { Floors: 5 }]);
  await draw('pbofat', clusterB, [{ Capacity: '16', 'FAT Existing Users ID': users(8) }]);
  await draw('building', clusterB, [{ Floors: 0 }]);
  // A text where a number belongs, as an import from another tool may leave.
  await t.db.rows(
    (await import('drizzle-orm')).sql`
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes)
      SELECT ${clusterB}, 'Building', template_id, 'odd', geom, '{"Floors": "n/a"}'::jsonb
      FROM network_elements WHERE cluster_id = ${clusterB} AND type = 'Building' LIMIT 1`,
  );
}, 120_000);
afterAll(() => t.close());

let serial = 0;
const metric = (m: Partial<Metric> & Pick<Metric, 'metricType'>): Metric =>
  reportMetric(`m${++serial}`, m);

async function run(metrics: Metric[], scope: object = { clusterId: undefined }, token = admin) {
  const response = await post(
    '/api/integration/reports/run/draft',
    { projectId: project, ...scope, report: { name: '', metrics, visualizations: [] } },
    token,
  );
  return response;
}

/** The values of a metric's rows for the two test clusters. */
function ofTestClusters(result: MetricResult | undefined, key = 'value') {
  const rows = result?.rows ?? [];
  return Object.fromEntries(
    rows.filter((r) => r.group === 'RPT-A' || r.group === 'RPT-B').map((r) => [r.group, r[key]]),
  );
}

async function values(m: Metric, key = 'value') {
  const response = await run([m], { centralOfficeId: office });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<{ data: ReportRun }>().data.metrics[0];
  return { byCluster: ofTestClusters(result, key), result };
}

describe('a report run', () => {
  it('counts elements of a type per cluster', async () => {
    const { byCluster } = await values(
      metric({ metricType: 'NetworkElement', elementType: 'PboFat' }),
    );
    expect(byCluster).toEqual({ 'RPT-A': 2, 'RPT-B': 1 });
  });

  it('aggregates an attribute with SUM, AVERAGE, COUNT and LIST, a text counted as empty', async () => {
    const floors = (aggregationOperation: Metric['aggregationOperation']) =>
      values(
        metric({
          metricType: 'NetworkElementAttributes',
          elementType: 'Building',
          attributeName: 'Floors',
          aggregationOperation,
        }),
      );
    const sum = await floors('SUM');
    expect(sum.byCluster).toEqual({ 'RPT-A': 8, 'RPT-B': 0 });
    // A cluster without buildings sums to 0 and has no average.
    expect(clusterC).toBeGreaterThan(0);
    expect(sum.result?.rows.find((r) => r.group === 'RPT-C')?.value).toBe(0);
    const average = await floors('AVERAGE');
    expect(average.byCluster).toEqual({ 'RPT-A': 4, 'RPT-B': 0 });
    expect(average.result?.notes).toEqual([
      '1 value(s) that are not numbers were counted as empty.',
    ]);
    expect(average.result?.rows.find((r) => r.group === 'RPT-C')?.value).toBeNull();
    expect((await floors('COUNT')).byCluster).toEqual({ 'RPT-A': 2, 'RPT-B': 2 });
    const capacities = await values(
      metric({
        metricType: 'NetworkElementAttributes',
        elementType: 'PboFat',
        attributeName: 'Capacity',
        aggregationOperation: 'LIST',
      }),
    );
    expect(capacities.byCluster).toEqual({ 'RPT-A': '16, 8', 'RPT-B': '16' });
  });

  it('computes PBO saturation (Existing Users ÷ Capacity) as a percentage per cluster', async () => {
    const { byCluster, result } = await values(
      metric({
        metricType: 'FormulaResult',
        elementType: 'PboFat',
        formulaConfig: {
          resultName: 'PBO saturation',
          numberOfVariables: 2,
          variableAttributes: ['Existing Users', 'Capacity'],
          operations: ['DIVIDE'],
          resultFormat: 'PERCENTAGE',
        },
      }),
    );
    // RPT-A: 2/8 = 25 %, 4/16 = 25 % → 25; RPT-B: 8/16 = 50 %.
    expect(byCluster).toEqual({ 'RPT-A': 25, 'RPT-B': 50 });
    expect(result?.title).toBe('PBO saturation');
    expect(result?.columns[1]).toMatchObject({ kind: 'percentage' });
  });

  it('leaves a division by zero empty with a note, and adds by default', async () => {
    const ratio = await values(
      metric({
        metricType: 'FormulaResult',
        elementType: 'Building',
        aggregationOperation: 'SUM',
        formulaConfig: {
          resultName: 'Floors per floor',
          numberOfVariables: 2,
          variableAttributes: ['Floors', 'Floors'],
          operations: ['DIVIDE'],
          resultFormat: 'NUMBER',
        },
      }),
    );
    expect(ratio.byCluster).toEqual({ 'RPT-A': 2, 'RPT-B': null });
    expect(ratio.result?.notes).toContain('1 division(s) by zero were left empty.');
    const sum = await values(
      metric({
        metricType: 'FormulaResult',
        elementType: 'PboFat',
        formulaConfig: {
          resultName: 'Capacity and users',
          numberOfVariables: 3,
          variableAttributes: ['Capacity', 'Existing Users', 'Capacity'],
          operations: [],
          resultFormat: 'NUMBER',
        },
      }),
    );
    // RPT-A: (8+2+8) + (16+4+16) = 54; RPT-B: 16+8+16 = 40.
    expect(sum.byCluster).toEqual({ 'RPT-A': 54, 'RPT-B': 40 });
  });

  it('reads as numbers exactly the texts float8 reads within its range, never failing', async () => {
    // Each text makes the fast, plain reading fail; the checked reading must agree on the rest.
    const clusterD = await cluster('RPT-D');
    await draw('building', clusterD, [{ Floors: 1 }]);
    const { sql } = await import('drizzle-orm');
    for (const floors of ['1e1', ' 2 ', '"3"', 'NaN', 'Infinity', '9'.repeat(400), '1e400', '-']) {
      await t.db.rows(sql`
        INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes)
        SELECT cluster_id, type, template_id, ${`odd ${floors.slice(0, 20)}`}, geom,
               jsonb_build_object('Floors', ${floors}::text)
        FROM network_elements WHERE cluster_id = ${clusterD} LIMIT 1`);
    }
    const response = await run(
      [
        metric({
          metricType: 'NetworkElementAttributes',
          elementType: 'Building',
          attributeName: 'Floors',
          aggregationOperation: 'SUM',
        }),
      ],
      { clusterId: clusterD },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: ReportRun }>().data.metrics[0];
    // 1 + 10 + 2 + 3; NaN, Infinity, 400 nines, 1e400 and "-" are not numbers.
    expect(result?.rows[0]?.value).toBe(16);
    expect(result?.notes).toEqual(['5 value(s) that are not numbers were counted as empty.']);
  });

  it('groups by CO, project and phase, and narrows to a cluster', async () => {
    const byLevel = async (groupByLevel: Metric['groupByLevel'], scope: object) => {
      const response = await run(
        [metric({ metricType: 'NetworkElement', elementType: 'Building', groupByLevel })],
        scope,
      );
      return response.json<{ data: ReportRun }>().data.metrics[0]?.rows ?? [];
    };
    const one = await byLevel('cluster', { clusterId: clusterA });
    expect(one).toEqual([{ group: 'RPT-A', value: 2 }]);
    const offices = await byLevel('centralOffice', { centralOfficeId: office });
    expect(offices).toHaveLength(1);
    expect(offices[0]?.group).toBe('CO Nairobi Central');
    const projects = await byLevel('project', {});
    expect(projects.map((r) => r.group)).toEqual(['Nairobi CBD']);
    const phases = await byLevel('phase', { clusterId: clusterB });
    expect(phases).toEqual([{ group: 'In-Progress', value: 2 }]);
  });

  it('gives project facts per group', async () => {
    const facts = async (attributeName: string) =>
      (await values(metric({ metricType: 'ProjectInfo', attributeName }))).byCluster;
    expect(await facts('clusters')).toEqual({ 'RPT-A': 1, 'RPT-B': 1 });
    expect(await facts('client')).toEqual({ 'RPT-A': 'Safaricom', 'RPT-B': 'Safaricom' });
    const phases = await values(
      metric({ metricType: 'ProjectInfo', attributeName: 'phases' }),
      'In-Progress',
    );
    expect(phases.byCluster).toEqual({ 'RPT-A': 1, 'RPT-B': 1 });
  });

  it('refuses configurations that cannot be computed, naming the problem', async () => {
    const cases: [Metric, string][] = [
      [
        metric({
          metricType: 'NetworkElement',
          elementType: 'PboFat',
          aggregationOperation: 'SUM',
        }),
        'Metric 1: a Network Element metric counts elements and takes no aggregation.',
      ],
      [
        metric({
          metricType: 'NetworkElementAttributes',
          elementType: 'PboFat',
          attributeName: 'Type',
          aggregationOperation: 'SUM',
        }),
        "Metric 1: 'Type' of PboFat is not a number, so it cannot be summed, averaged or used in a formula.",
      ],
      [
        metric({
          metricType: 'NetworkElementAttributes',
          elementType: 'Zone',
          attributeName: "x'; DROP TABLE users; --",
          aggregationOperation: 'COUNT',
        }),
        "Metric 1: Zone elements have no attribute 'x'; DROP TABLE users; --'.",
      ],
      [
        metric({
          metricType: 'FormulaResult',
          elementType: 'PboFat',
          formulaConfig: {
            resultName: '',
            numberOfVariables: 2,
            variableAttributes: ['Capacity', 'Existing Users'],
            operations: ['ADD', 'ADD'],
            resultFormat: 'NUMBER',
          },
        }),
        'Metric 1: 1 operation(s) are needed between the variables, not 2.',
      ],
    ];
    for (const [m, message] of cases) {
      const response = await run([m]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    const elevenVariables = await run([
      metric({
        metricType: 'FormulaResult',
        elementType: 'PboFat',
        formulaConfig: {
          resultName: '',
          numberOfVariables: 11,
          variableAttributes: Array.from({ length: 11 }, () => 'Capacity'),
          operations: [],
          resultFormat: 'NUMBER',
        },
      }),
    ]);
    expect(elevenVariables.statusCode).toBe(400);
    const sideways = await run([metric({ metricType: 'Nope' as Metric['metricType'] })]);
    expect(sideways.statusCode).toBe(400);
  });

  it('answers only to those who may read the project', async () => {
    const m = [metric({ metricType: 'NetworkElement', elementType: 'PboFat' })];
    expect((await run(m, {}, planner)).statusCode).toBe(200);
    expect((await run(m, {}, viewer)).statusCode).toBe(403);
    const mombasaCluster = await idByName(t.db, 'clusters', 'MSA-01');
    const outside = await run(m, { clusterId: mombasaCluster });
    expect(outside.statusCode).toBe(400);
  });
});

describe('fibre figures (issue 26)', () => {
  it('count the lit demo cluster: homes connected, PBO-FAT ports used, fibres by state', async () => {
    const cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
    const response = await run(
      [
        metric({ metricType: 'ProjectInfo', attributeName: 'homesConnected' }),
        metric({ metricType: 'ProjectInfo', attributeName: 'pboPortsUsed' }),
        metric({ metricType: 'ProjectInfo', attributeName: 'fibres' }),
      ],
      { clusterId: cbd01 },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [homes, ports, fibres] = response.json<{ data: ReportRun }>().data.metrics;
    // Counted here by other means: every home of CBD-01 has its drop spliced at its PBO-FAT.
    const facts = await t.db.one<{ homes: number; fibres: number; reserved: number }>(sql`
      SELECT (SELECT count(*)::int FROM network_elements WHERE cluster_id = ${cbd01}
                AND type IN ('SFU', 'Building') AND deleted_at IS NULL) AS homes,
             (SELECT count(*)::int FROM fibres f JOIN network_elements e ON e.id = f.cable_id
                WHERE e.cluster_id = ${cbd01} AND e.deleted_at IS NULL) AS fibres,
             (SELECT count(*)::int FROM fibres f JOIN network_elements e ON e.id = f.cable_id
                WHERE e.cluster_id = ${cbd01} AND f.status = 'reserved') AS reserved`);
    expect(homes?.rows).toEqual([{ group: 'CBD-01', value: facts?.homes }]);
    // One drop a splitter output: as many ports used as homes.
    expect(ports?.rows[0]?.value).toBe(facts?.homes);
    expect(fibres?.columns.map((c) => c.label)).toEqual([
      'Cluster',
      'Used',
      'Reserved',
      'Faulty',
      'Free',
    ]);
    const row = fibres?.rows[0] ?? {};
    expect(row.reserved).toBe(facts?.reserved);
    expect(Number(row.used)).toBeGreaterThan(Number(facts?.homes));
    expect(Number(row.used) + Number(row.reserved) + Number(row.faulty) + Number(row.free)).toBe(
      facts?.fibres,
    );
  });
});
