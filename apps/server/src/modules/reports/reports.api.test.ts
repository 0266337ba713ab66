import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportAttributes, ReportRun } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, userIdByEmail } from '../../test/seeded.ts';

const run = promisify(execFile);
let t: TestApp;
const tokens = { admin: '', planner: '', field: '' };
let plannerId = 0;
let project = 0;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin@example.com', 'admin1234');
  tokens.planner = await t.login('planner@example.com', 'planner1234');
  tokens.field = await t.login('field@example.com', 'field1234');
  plannerId = await userIdByEmail(t.db, 'planner@example.com');
  project = await idByName(t.db, 'projects', 'Nairobi CBD');
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

const INVENTORY = {
  name: 'Inventory',
  metrics: [
    {
      metricId: 'm1',
      tableInfo: 'Network Element',
      metricType: 'NetworkElement',
      elementType: 'PboFat',
    },
    {
      metricId: 'm2',
      tableInfo: 'Project Info',
      metricType: 'ProjectInfo',
      attributeName: 'cableMetres',
    },
  ],
  visualizations: [{ chartType: 'BAR', metricIndices: [0] }],
};

describe('saved reports', () => {
  it('are created, listed, read, updated, run and deleted by their owner', async () => {
    const created = await call(
      'POST',
      '/api/integration/reports/create',
      tokens.planner,
      INVENTORY,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: true, message: 'Report saved successfully!' });
    const report = created.json<{ data: Report }>().data;
    expect(report).toMatchObject({ name: 'Inventory', userId: plannerId, lastRunAt: null });
    expect(report.metrics[0]).toMatchObject({
      groupByLevel: 'cluster',
      aggregationOperation: null,
    });
    expect(report.visualizations[0]).toMatchObject({ barColor: '#007bff' });

    const listed = await call('GET', `/api/integration/reports/user/${plannerId}`, tokens.planner);
    expect(listed.json<{ data: Report[] }>().data.map((r) => r.id)).toContain(report.id);

    const ran = await call('POST', `/api/integration/reports/run/${report.id}`, tokens.planner, {
      projectId: project,
    });
    expect(ran.statusCode, ran.body).toBe(200);
    const run = ran.json<{ data: ReportRun }>().data;
    const cbd01 = run.metrics[0]?.rows.find((r) => r.group === 'CBD-01');
    expect(Number(cbd01?.value)).toBeGreaterThan(10);
    expect(run.metrics[1]?.columns.map((c) => c.key)).toContain('capacity:48');
    expect(run.visualizations[0]?.series[0]?.data.find((d) => d.name === 'CBD-01')?.value).toBe(
      cbd01?.value,
    );
    const after = await call('GET', `/api/integration/reports/${report.id}`, tokens.planner);
    expect(after.json<{ data: Report }>().data.lastRunAt).not.toBeNull();

    const renamed = await call(
      'POST',
      `/api/integration/reports/update/${report.id}`,
      tokens.planner,
      {
        ...INVENTORY,
        name: '',
      },
    );
    expect(renamed.json<{ data: Report }>().data.name).toMatch(
      /^Untitled report \d{4}-\d{2}-\d{2}$/,
    );

    // Another user reads only their own; an admin reads anyone's.
    expect(
      (await call('GET', `/api/integration/reports/${report.id}`, tokens.field)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/integration/reports/user/${plannerId}`, tokens.field)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/integration/reports/${report.id}`, tokens.admin)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/integration/reports/${report.id}`, tokens.field)).statusCode,
    ).toBe(403);

    const deleted = await call('DELETE', `/api/integration/reports/${report.id}`, tokens.planner);
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/integration/reports/${report.id}`, tokens.planner)).statusCode,
    ).toBe(404);
  });

  it('refuses a chart of a metric the report lacks, and bad shapes, in French too', async () => {
    const response = await call(
      'POST',
      '/api/integration/reports/create?locale=fr',
      tokens.planner,
      { ...INVENTORY, visualizations: [{ chartType: 'PIE', metricIndices: [5] }] },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      "Le graphique 1 trace l'indicateur 5, que le rapport n'a pas.",
    );
    const badColour = await call('POST', '/api/integration/reports/create', tokens.planner, {
      ...INVENTORY,
      visualizations: [{ chartType: 'BAR', metricIndices: [0], barColor: 'red; x' }],
    });
    expect(badColour.statusCode).toBe(400);
  });

  it('offers the attributes of the report element types, numbers marked', async () => {
    const response = await call(
      'GET',
      `/api/integration/reports/attributes/${project}`,
      tokens.planner,
    );
    const attributes = response.json<{ data: ReportAttributes }>().data;
    expect(attributes.PboFat).toEqual(
      expect.arrayContaining([
        { name: 'Capacity', number: true },
        { name: 'Type', number: false },
        { name: 'Existing Users', number: true },
      ]),
    );
    expect(attributes.Building).toEqual(expect.arrayContaining([{ name: 'Floors', number: true }]));
    expect(Object.keys(attributes).sort()).toEqual([
      'Building',
      'FDTSRO',
      'PboFat',
      'SpliceClosure',
      'Zone',
    ]);
  });

  it('offers them before any project is chosen, from the projects the user may read', async () => {
    const response = await call('GET', '/api/integration/reports/attributes', tokens.planner);
    expect(response.statusCode).toBe(200);
    const attributes = response.json<{ data: ReportAttributes }>().data;
    expect(attributes.PboFat).toEqual(
      expect.arrayContaining([
        { name: 'Capacity', number: true },
        { name: 'Existing Users', number: true },
      ]),
    );
    const signedOut = await t.app.inject({ url: '/api/integration/reports/attributes' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('the demo has ready-made reports that run on Nairobi CBD', async () => {
    const listed = await call('GET', `/api/integration/reports/user/${plannerId}`, tokens.planner);
    const reports = listed.json<{ data: Report[] }>().data;
    const names = reports.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Network inventory per cluster',
        'Cable metres by capacity',
        'PBO-FAT saturation',
        'Fibre network per cluster',
        'Buildings and floors per cluster',
        'Progress of clusters by phase',
      ]),
    );
    const readyMade = await call('GET', '/api/integration/reports/ready-made', tokens.field);
    expect(readyMade.json<{ data: { name: string }[] }>().data.map((r) => r.name)).toHaveLength(7);
    for (const report of reports.filter((r) => r.name !== 'Inventory')) {
      const ran = await call('POST', `/api/integration/reports/run/${report.id}`, tokens.planner, {
        projectId: project,
      });
      expect(ran.statusCode, `${report.name}: ${ran.body}`).toBe(200);
    }
    const saturation = reports.find((r) => r.name === 'PBO-FAT saturation');
    const run = (
      await call('POST', `/api/integration/reports/run/${saturation?.id ?? 0}`, tokens.planner, {
        projectId: project,
      })
    ).json<{ data: ReportRun }>().data;
    // The generated network gives each PBO-FAT 2 to 4 users on 8 or 16 ports.
    const cbd01 = Number(run.metrics[0]?.rows.find((r) => r.group === 'CBD-01')?.value);
    expect(cbd01).toBeGreaterThan(10);
    expect(cbd01).toBeLessThan(50);
  });

  it('exports a run as a workbook: a sheet per metric with its scope, time and numbers', async () => {
    const created = await call('POST', '/api/integration/reports/create', tokens.planner, {
      ...INVENTORY,
      name: 'Inventaire',
    });
    const { id } = created.json<{ data: Report }>().data;
    const cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
    const response = await call(
      'POST',
      `/api/integration/reports/export/${id}?locale=fr`,
      tokens.planner,
      {
        projectId: project,
        clusterId: cbd01,
      },
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/Inventaire-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Nombre de PBO-FAT', 'Mètres de câble']);
    const [first] = book.worksheets;
    expect(first?.getRow(1).values).toEqual([undefined, 'Rapport', 'Inventaire']);
    expect(first?.getRow(2).getCell(2).value).toBe('Nairobi CBD › CBD-01');
    expect(first?.getRow(3).getCell(2).value).toBeInstanceOf(Date);
    expect(first?.getRow(5).values).toEqual([undefined, 'Cluster', 'Nombre de PBO-FAT']);
    expect(first?.getRow(6).getCell(1).value).toBe('CBD-01');
    expect(Number(first?.getRow(6).getCell(2).value)).toBeGreaterThan(10);
    expect(
      (
        await call('POST', `/api/integration/reports/export/${id}`, tokens.field, {
          projectId: project,
        })
      ).statusCode,
    ).toBe(403);
  });

  it.skipIf(!existsSync('/usr/bin/pdftotext'))(
    'exports a run as a PDF: its title, scope, the chart as vector and the tables',
    async () => {
      const listed = await call(
        'GET',
        `/api/integration/reports/user/${plannerId}`,
        tokens.planner,
      );
      const inventory = listed
        .json<{ data: Report[] }>()
        .data.find((r) => r.name === 'Network inventory per cluster');
      const response = await call(
        'POST',
        `/api/integration/reports/export/${inventory?.id ?? 0}?format=pdf`,
        tokens.planner,
        { projectId: project },
      );
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const dir = await mkdtemp(path.join(os.tmpdir(), 'report-'));
      try {
        await writeFile(path.join(dir, 'report.pdf'), response.rawPayload);
        const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'report.pdf'), '-']);
        expect(stdout).toContain('Network inventory per cluster');
        expect(stdout).toContain('Nairobi CBD');
        expect(stdout).toMatch(/CBD-01\s+\d+/);
        expect(stdout).toContain('Number of PBO-FAT');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      // The chart is drawn, not pasted as an image.
      expect(response.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(false);
    },
  );

  it('can be shared read-only with the users of a project, and no longer', async () => {
    const created = await call('POST', '/api/integration/reports/create', tokens.planner, {
      ...INVENTORY,
      name: 'Shared inventory',
    });
    const { id } = created.json<{ data: Report }>().data;
    const fieldId = await userIdByEmail(t.db, 'field@example.com');
    const listOf = async (userId: number, token: string) =>
      (await call('GET', `/api/integration/reports/user/${userId}`, token))
        .json<{ data: Report[] }>()
        .data.map((r) => r.name);
    // Before: the field user (on CBD-01 of Nairobi CBD) neither lists nor reads it.
    expect(await listOf(fieldId, tokens.field)).not.toContain('Shared inventory');
    expect((await call('GET', `/api/integration/reports/${id}`, tokens.field)).statusCode).toBe(
      403,
    );

    const shared = await call('POST', `/api/integration/reports/share/${id}`, tokens.planner, {
      projectId: project,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({
      message:
        'Report shared with the users of Nairobi CBD: they can open and run it, not change it.',
      data: { sharedProjectId: project, sharedProjectName: 'Nairobi CBD', owner: 'Grace Wanjiku' },
    });
    expect(await listOf(fieldId, tokens.field)).toContain('Shared inventory');
    expect((await call('GET', `/api/integration/reports/${id}`, tokens.field)).statusCode).toBe(
      200,
    );
    const ran = await call('POST', `/api/integration/reports/run/${id}`, tokens.field, {
      projectId: project,
    });
    expect(ran.statusCode).toBe(200);
    // Read-only: no change, no delete, no re-share by the readers.
    expect(
      (await call('POST', `/api/integration/reports/update/${id}`, tokens.field, INVENTORY))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/integration/reports/${id}`, tokens.field)).statusCode).toBe(
      403,
    );
    expect(
      (
        await call('POST', `/api/integration/reports/share/${id}`, tokens.field, {
          projectId: null,
        })
      ).statusCode,
    ).toBe(403);
    // Not with a project the author may not read (the planner is not on Mombasa Island).
    const mombasa = await idByName(t.db, 'projects', 'Mombasa Island');
    expect(
      (
        await call('POST', `/api/integration/reports/share/${id}`, tokens.planner, {
          projectId: mombasa,
        })
      ).statusCode,
    ).toBe(403);

    const unshared = await call('POST', `/api/integration/reports/share/${id}`, tokens.planner, {
      projectId: null,
    });
    expect(unshared.json<{ message: string }>().message).toBe('The report is no longer shared.');
    expect(await listOf(fieldId, tokens.field)).not.toContain('Shared inventory');
  });
});
