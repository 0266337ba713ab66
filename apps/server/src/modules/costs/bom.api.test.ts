import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bom, BomLine, PriceBook } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { fibreApi, LAT, type Network } from '../fibre/fibre.fixtures.ts';

/**
 * Issue 27: the bill of materials of the fibre tests' lit network, priced from a price book
 * set through the API; quantities checked against the elements by other means.
 */
let t: TestApp;
let admin = '';
let net: Network;
let api: ReturnType<typeof fibreApi>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  api = fibreApi(t, () => admin);
  net = await api.build('BOM-T');
}, 120_000);
afterAll(() => t.close());

const bom = (scope: string, locale = 'en') =>
  t.app.inject({
    url: `/api/design/bom?projectId=${net.projectId}&${scope}`,
    headers: { ...bearer(admin), 'accept-language': locale },
  });
const clusterBom = async () => {
  const r = await bom(`clusterId=${net.clusterId}`);
  expect(r.statusCode, r.body.slice(0, 400)).toBe(200);
  return r.json<{ data: Bom }>().data;
};
const savePrices = (payload: object, token = admin, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/design/projects/${net.projectId}/prices`,
    payload,
    headers: { ...bearer(token), 'accept-language': locale },
  });
const lineOf = (b: Bom, item: string, spec = '', placement = '') =>
  b.lines.find((l) => l.item === item && l.spec === spec && l.placement === placement);
/** The cluster's cable metres by capacity: the cables' Length plus the slack loop's 20 m. */
async function cableMetres(): Promise<Record<string, number>> {
  const rows = await t.db.rows<{ capacity: string; metres: number }>(sql`
    SELECT btrim(attributes->>'Capacity', '"') AS capacity, sum(length_m)::float8 AS metres
    FROM network_elements WHERE cluster_id = ${net.clusterId} AND type = 'Cable'
      AND deleted_at IS NULL GROUP BY 1`);
  return Object.fromEntries(rows.map((r) => [r.capacity, r.metres]));
}

const PRICES = {
  currency: 'KES',
  entries: [
    { item: 'cable', spec: '', placement: '', unitPrice: 2.5 },
    { item: 'cable', spec: '48', placement: 'underground', unitPrice: 4 },
    { item: 'splice', unitPrice: 300 },
    { item: 'splitter', spec: '1:8', unitPrice: 1200 },
    { item: 'pboFat', unitPrice: 5000 },
    { item: 'trench', unitPrice: 25 },
    { item: 'labourSplice', unitPrice: 150 },
  ],
};

describe('the price book', () => {
  it('is the demo’s, in KES; a save replaces it whole', async () => {
    const before = await api.ok<PriceBook>(api.get(`/design/projects/${net.projectId}/prices`));
    expect(before.currency).toBe('KES');
    expect(before.entries).toContainEqual({
      item: 'pole',
      spec: 'new',
      placement: '',
      unitPrice: 14_000,
    });
    const saved = await savePrices(PRICES);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ message: string }>().message).toBe('Price book saved.');
    const book = await api.ok<PriceBook>(api.get(`/design/projects/${net.projectId}/prices`));
    expect(book.entries).toHaveLength(7);
    expect(book.entries).toContainEqual({
      item: 'cable',
      spec: '48',
      placement: 'underground',
      unitPrice: 4,
    });
    expect(book.updatedAt).not.toBeNull();
  });

  it('refuses a price given twice, in the user’s language, and keeps the book as it was', async () => {
    const twice = await savePrices(
      {
        entries: [
          { item: 'splice', unitPrice: 1 },
          { item: 'splice', unitPrice: 2 },
        ],
      },
      admin,
      'fr',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(
      'Le bordereau de prix cite Épissure (spécification *, pose *) deux fois : gardez un seul prix.',
    );
    const bad = await savePrices({ currency: 'shillings', entries: [] });
    expect(bad.statusCode).toBe(400);
    const negative = await savePrices({ entries: [{ item: 'splice', unitPrice: -1 }] });
    expect(negative.statusCode).toBe(400);
    const book = await api.ok<PriceBook>(api.get(`/design/projects/${net.projectId}/prices`));
    expect(book.entries).toHaveLength(7);
  });
});

describe('the bill of materials of a cluster', () => {
  it('counts cable metres as the cables’ Length plus slack, by capacity and placement', async () => {
    const b = await clusterBom();
    const metres = await cableMetres();
    const round1 = (n: number) => Math.round(n * 10) / 10;
    expect(lineOf(b, 'cable', '48', 'underground')?.quantity).toBe(round1(metres['48'] ?? 0));
    // The 20 m loop lies on the distribution cable.
    expect(lineOf(b, 'cable', '24', 'underground')?.quantity).toBe(
      round1((metres['24'] ?? 0) + 20),
    );
    expect(lineOf(b, 'cable', '12', 'underground')?.quantity).toBe(round1(metres['12'] ?? 0));
    // The same route once as trench (nothing here shares one), metres pulled with the slack.
    expect(lineOf(b, 'trench')?.quantity).toBeCloseTo(
      Object.values(metres).reduce((a, m) => a + m, 0),
      0,
    );
    expect(lineOf(b, 'labourPull')?.quantity).toBe(
      round1(Object.values(metres).reduce((a, m) => a + m, 0) + 20),
    );
  });

  it('counts enclosures, splitters by ratio and splices from the splice plans', async () => {
    const b = await clusterBom();
    expect(lineOf(b, 'pboFat')?.quantity).toBe(1);
    expect(lineOf(b, 'closure')?.quantity).toBe(1);
    expect(lineOf(b, 'fdtSro')?.quantity).toBe(1);
    expect(lineOf(b, 'splitter', '1:4')?.quantity).toBe(1);
    expect(lineOf(b, 'splitter', '1:8')?.quantity).toBe(1);
    const [joints] = await t.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM fibre_joints j JOIN network_elements e ON e.id = j.element_id
      WHERE e.cluster_id = ${net.clusterId} AND j.kind = 'splice'`);
    expect(lineOf(b, 'splice')?.quantity).toBe(joints?.n);
    expect(lineOf(b, 'labourSplice')?.quantity).toBe(joints?.n);
    // The OLT's connector is the central office's: not in a cluster's bill.
    expect(lineOf(b, 'connector')).toBeUndefined();
  });

  it('prices each line at its most precise price, totals = quantity × price', async () => {
    const b = await clusterBom();
    expect(lineOf(b, 'cable', '48', 'underground')?.unitPrice).toBe(4);
    expect(lineOf(b, 'cable', '24', 'underground')?.unitPrice).toBe(2.5);
    expect(lineOf(b, 'splitter', '1:8')?.unitPrice).toBe(1200);
    expect(lineOf(b, 'splitter', '1:4')?.unitPrice).toBeNull();
    for (const line of b.lines) {
      expect(line.total).toBe(
        line.unitPrice === null ? null : Math.round(line.quantity * line.unitPrice * 100) / 100,
      );
    }
    const priced = b.lines.filter((l): l is BomLine & { total: number } => l.total !== null);
    expect(b.totals.cost).toBeCloseTo(
      priced.reduce((sum, l) => sum + l.total, 0),
      2,
    );
    expect(b.totals).toMatchObject({
      currency: 'KES',
      unpricedLines: b.lines.filter((l) => l.unitPrice === null).length,
      homesPassed: 2,
      homesConnected: 2,
      builtCost: 0,
      leftCost: b.totals.cost,
    });
    expect(b.totals.costPerHomePassed).toBeCloseTo(b.totals.cost / 2, 2);
    expect(b.totals.costPerHomeConnected).toBeCloseTo(b.totals.cost / 2, 2);
  });

  it('hangs a cable that runs along poles, and counts new and existing poles', async () => {
    const on = (step: number) => ({ lat: LAT, lng: 36.83 + step * 0.001 });
    const pole = (name: string, step: number, owner?: string) =>
      api.ok(
        api.post('/networkelements/pole/create', {
          clusterId: net.clusterId,
          name,
          coordinates: on(step),
          attributes: owner ? { Owner: owner } : {},
        }),
      );
    // Two poles on the branch (closure → PBO-FAT), one of them the power company's.
    await pole('BOM-T pole 1', 2.3);
    await pole('BOM-T pole 2', 2.6, 'Kenya Power');
    const b = await clusterBom();
    expect(lineOf(b, 'cable', '12', 'aerial')?.quantity).toBeGreaterThan(100);
    expect(lineOf(b, 'labourHang')?.quantity).toBe(lineOf(b, 'cable', '12', 'aerial')?.quantity);
    expect(lineOf(b, 'pole', 'new')?.quantity).toBe(1);
    expect(lineOf(b, 'pole', 'existing')?.quantity).toBe(1);

    // Drops run along nothing: they are laid as their PBO-FAT is (its Type).
    await t.db.rows(sql`
      UPDATE network_elements SET attributes = attributes || '{"Type": "\\"Facade\\""}'::jsonb
      WHERE id = ${net.pbo}`);
    const [drops] = await t.db.rows<{ m: number }>(sql`
      SELECT sum(length_m)::float8 AS m FROM network_elements
      WHERE id IN (${net.drop1}, ${net.drop2})`);
    const facade = lineOf(await clusterBom(), 'cable', '12', 'facade');
    expect(facade?.quantity).toBeCloseTo(drops?.m ?? 0, 0);
  });

  it('counts what is built apart: an element whose Status says so, then the whole cluster', async () => {
    await t.db.rows(sql`
      UPDATE network_elements SET attributes = attributes || '{"Status": "\\"Built\\""}'::jsonb
      WHERE id = ${net.pbo}`);
    let b = await clusterBom();
    expect(lineOf(b, 'pboFat')?.built).toEqual({ quantity: 1, total: 5000 });
    expect(b.totals.builtCost).toBeGreaterThanOrEqual(5000);
    await t.db.rows(
      sql`UPDATE clusters SET project_phase = 'Completed' WHERE id = ${net.clusterId}`,
    );
    b = await clusterBom();
    expect(b.totals.builtCost).toBe(b.totals.cost);
    expect(b.totals.leftCost).toBe(0);
    for (const line of b.lines) expect(line.built.quantity).toBe(line.quantity);
    await t.db.rows(
      sql`UPDATE clusters SET project_phase = 'Cancelled' WHERE id = ${net.clusterId}`,
    );
    b = await clusterBom();
    expect(b.lines).toEqual([]);
    expect(b.cancelledClusters).toBe(1);
    await t.db.rows(
      sql`UPDATE clusters SET project_phase = 'In-Progress' WHERE id = ${net.clusterId}`,
    );
  });
});

describe('the bill in KPI reports', () => {
  it('gives each cluster its cost, per home, and formulas over them', async () => {
    const ready = await api.ok<{ name: string; metrics: object[] }[]>(
      api.get('/integration/reports/ready-made'),
    );
    const report = ready.find((r) => r.name === 'Bill of materials per cluster');
    expect(report).toBeDefined();
    const run = await api.ok<{
      metrics: { title: string; rows: { group: string; value: number }[] }[];
    }>(
      api.post('/integration/reports/run/draft', {
        projectId: net.projectId,
        clusterId: net.clusterId,
        report: {
          ...report,
          metrics: [
            ...(report?.metrics ?? []),
            {
              metricId: 'perConnected',
              tableInfo: 'Formula Result',
              metricType: 'FormulaResult',
              formulaConfig: {
                resultName: 'Cost per home connected, by hand',
                numberOfVariables: 2,
                variableAttributes: ['cost', 'homesConnected'],
                operations: ['DIVIDE'],
              },
            },
          ],
        },
      }),
    );
    const b = await clusterBom();
    const valueOf = (title: string) =>
      run.metrics.find((m) => m.title === title)?.rows.find((r) => r.group === 'BOM-T')?.value;
    expect(valueOf('Cost (KES)')).toBeCloseTo(b.totals.cost, 0);
    expect(valueOf('Cost left to spend (KES)')).toBeCloseTo(b.totals.leftCost, 0);
    expect(valueOf('Homes passed')).toBe(2);
    expect(valueOf('Cost per home passed (KES)')).toBeCloseTo(b.totals.costPerHomePassed ?? 0, 0);
    expect(valueOf('Cost per home connected, by hand')).toBeCloseTo(
      b.totals.costPerHomeConnected ?? 0,
      0,
    );
    // The PBO-FAT marked Built above.
    expect(valueOf('Share of the cost built')).toBeCloseTo(
      (b.totals.builtCost / b.totals.cost) * 100,
      1,
    );
  });

  it('refuses a formula without element type over a figure that is not a number', async () => {
    const r = await api.post('/integration/reports/run/draft', {
      projectId: net.projectId,
      report: {
        name: 'x',
        metrics: [
          {
            metricId: 'bad',
            metricType: 'FormulaResult',
            formulaConfig: {
              numberOfVariables: 2,
              variableAttributes: ['cost', 'client'],
              operations: ['DIVIDE'],
            },
          },
        ],
        visualizations: [],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ message: string }>().message).toContain("'client' is not one of");
  });
});

describe('the bill of a central office', () => {
  it('adds the office’s own equipment (the OLT’s connector)', async () => {
    const r = await bom(`centralOfficeId=${net.officeId}`);
    expect(r.statusCode).toBe(200);
    const b = r.json<{ data: Bom }>().data;
    expect(b.name).toBe('CO Nairobi Central');
    expect(lineOf(b, 'connector')?.quantity).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for a cluster or an office outside the project', async () => {
    expect((await bom('clusterId=999999')).statusCode).toBe(404);
    const r = await bom('centralOfficeId=999999', 'fr');
    expect(r.statusCode).toBe(404);
    expect(r.json<{ message: string }>().message).toBe(
      'Central 999999 introuvable dans ce projet.',
    );
  });
});

describe('the bill as documents', () => {
  it('is a workbook with the lines as numbers and the totals', async () => {
    const r = await t.app.inject({
      url: `/api/design/bom.xlsx?projectId=${net.projectId}&clusterId=${net.clusterId}`,
      headers: { ...bearer(admin), 'accept-language': 'fr' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('Nomenclature');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Nomenclature — BOM-T');
    const b = await clusterBom();
    const values = (sheet?.getSheetValues() ?? []) as unknown[][];
    const pbo = values.find((row) => row?.[1] === 'PBO-FAT');
    expect(pbo?.[4]).toBe(1);
    expect(pbo?.[7]).toBe(5000);
    const cost = values.find((row) => row?.[1] === 'Coût');
    expect(cost?.[7]).toBe(b.totals.cost);
  });

  it('is a PDF', async () => {
    const r = await t.app.inject({
      url: `/api/design/bom.pdf?projectId=${net.projectId}&clusterId=${net.clusterId}`,
      headers: { ...bearer(admin), 'x-time-zone': 'Africa/Nairobi' },
    });
    const before = Date.now();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.headers['content-disposition']).toContain('Bill of materials BOM-T.pdf');
    if (!existsSync('/usr/bin/pdftotext')) return console.warn('pdftotext missing: text not read');
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'bom-')), 'bom.pdf');
    await writeFile(file, r.rawPayload);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    const b = await clusterBom();
    expect(stdout).toContain('Bill of materials — BOM-T');
    // When, in the user's time zone (Nairobi, UTC+3), as SPEC §9 writes dates.
    const madeAt = stdout.match(/Made at (\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{2}):(\d{2})/);
    expect(madeAt).not.toBeNull();
    const [, d, m, y, hh, mm] = (madeAt ?? []).map(Number);
    const shown = Date.UTC(y ?? 0, (m ?? 1) - 1, d, (hh ?? 0) - 3, mm);
    expect(Math.abs(shown - before)).toBeLessThan(3 * 60_000);
    expect(stdout).toMatch(/Splitter\s+1:8\s+1 each\s+KES\s?1,200\.00\s+KES\s?1,200\.00/);
    const cost = new Intl.NumberFormat('en', { style: 'currency', currency: 'KES' });
    expect(stdout.replace(/\u00a0/g, ' ')).toContain(
      cost.format(b.totals.cost).replace(/\u00a0/g, ' '),
    );
  });
});
