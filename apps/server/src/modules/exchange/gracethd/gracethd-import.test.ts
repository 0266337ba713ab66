import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExchangeImportAnswer } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipart, zipOf } from '../../file-format/test-uploads.ts';

/**
 * GraceTHD deliveries imported (issue 29): the demo cluster exported and imported into empty
 * clusters gives the same elements, cables, fibres, joints, splitters and the same trace for
 * every home (length and losses); hostile deliveries are refused naming the table, the column
 * and the value, with nothing written.
 */
let t: TestApp;
let admin: string;
let work: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  for (const row of await t.db.rows<{ id: number; name: string }>(
    sql`SELECT id, name FROM clusters WHERE name IN ('CBD-01', 'CBD-02', 'UPH-01', 'WST-01', 'WST-02')`,
  ))
    ids[row.name] = row.id;
  work = await mkdtemp(path.join(os.tmpdir(), 'gracethd-import-'));
});
afterAll(async () => {
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

async function exported(format: 'gracethd' | 'gracethd-shpcsv'): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/file-format/export',
    payload: { clusterId: ids['CBD-01'], format },
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  return response.rawPayload;
}

const importFiles = (
  files: { name: string; data: Buffer }[],
  fields: Record<string, string>,
  token = admin,
) => {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/file-format/import',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};

/** What a user compares: elements per type with their names, cables' length, fibres, joints. */
async function inventory(clusterId: number) {
  const elements = await t.db.rows<{ type: string; names: string[] }>(sql`
    SELECT type, array_agg(name ORDER BY name) AS names FROM network_elements
    WHERE cluster_id = ${clusterId} AND deleted_at IS NULL GROUP BY type ORDER BY type`);
  const cables = await t.db.one<{ metres: number; fibres: number; states: string[] }>(sql`
    SELECT round(sum(e.length_m)::numeric, 2)::float8 AS metres,
           (SELECT count(*)::int FROM fibres f JOIN network_elements c ON c.id = f.cable_id
             WHERE c.cluster_id = ${clusterId}) AS fibres,
           (SELECT array_agg(f.status ORDER BY c.name, f.number) FROM fibres f
              JOIN network_elements c ON c.id = f.cable_id
             WHERE c.cluster_id = ${clusterId} AND f.status <> 'free') AS states
    FROM network_elements e WHERE e.cluster_id = ${clusterId} AND e.type = 'Cable'`);
  const equipment = await t.db.one<{ joints: string[]; splitters: string[]; trays: number }>(sql`
    SELECT (SELECT array_agg(h.name || ':' || j.kind ORDER BY h.name, j.kind) FROM fibre_joints j
              JOIN network_elements h ON h.id = j.element_id WHERE h.cluster_id = ${clusterId})
             AS joints,
           (SELECT array_agg(h.name || ':' || s.ratio ORDER BY h.name, s.ratio)
              FROM fibre_splitters s JOIN network_elements h ON h.id = s.element_id
             WHERE h.cluster_id = ${clusterId}) AS splitters,
           (SELECT count(*)::int FROM fibre_trays tr JOIN network_elements h ON h.id = tr.element_id
             WHERE h.cluster_id = ${clusterId}) AS trays`);
  return { elements, cables, equipment };
}

/** Every home's trace: where it ends, its length and losses (rounded to 0.01). */
async function traces(clusterId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/fibre/clusters/${clusterId}/budget`,
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  const homes = response.json<{
    data: {
      homes: {
        name: string;
        end: string;
        totalLengthM: number;
        totalLossDb: Record<string, number>;
      }[];
    };
  }>().data.homes;
  return homes
    .map((h) => ({
      name: h.name,
      end: h.end,
      lengthM: Math.round(h.totalLengthM * 100) / 100,
      loss1310: Math.round((h.totalLossDb['1310'] ?? 0) * 100) / 100,
      loss1550: Math.round((h.totalLossDb['1550'] ?? 0) * 100) / 100,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('a round trip through GraceTHD', () => {
  let original: Awaited<ReturnType<typeof inventory>>;
  let originalTraces: Awaited<ReturnType<typeof traces>>;
  beforeAll(async () => {
    // A fibre measured with an OTDR, and one reserved: both must come back.
    await t.db.rows(sql`
      UPDATE fibre_joints SET measured_loss_db = 0.07
      WHERE id = (SELECT min(j.id) FROM fibre_joints j JOIN network_elements e ON e.id = j.element_id
                  WHERE e.cluster_id = ${ids['CBD-01']} AND j.kind = 'splice')`);
    await t.db.rows(sql`
      UPDATE fibres SET status = 'reserved'
      WHERE id = (SELECT max(f.id) FROM fibres f JOIN network_elements c ON c.id = f.cable_id
                  WHERE c.cluster_id = ${ids['CBD-01']} AND f.status = 'free')`);
    original = await inventory(ids['CBD-01'] ?? 0);
    originalTraces = await traces(ids['CBD-01'] ?? 0);
    expect(originalTraces.length).toBeGreaterThan(700);
  }, 120_000);

  it('brings the demo cluster back whole from its GeoPackage, every home tracing the same', async () => {
    const gpkg = await exported('gracethd');
    const response = await importFiles([{ name: 'CBD-01.gpkg', data: gpkg }], {
      clusterId: String(ids['UPH-01']),
    });
    expect(response.statusCode, response.body.slice(0, 1000)).toBe(200);
    const answer = response.json<{ data: ExchangeImportAnswer }>().data;
    expect(answer.standard).toBe('gracethd');
    expect(answer.target.clusterIds).toEqual([ids['UPH-01']]);
    const cables = answer.report.find((r) => r.source === 't_cable');
    expect(cables).toMatchObject({ skipped: 0 });
    expect(cables?.read).toBeGreaterThan(0);
    const passages = answer.report.find((r) => r.source === 't_position');
    expect(passages?.notes.join(' ')).toMatch(/passages/);

    const copy = await inventory(ids['UPH-01'] ?? 0);
    expect(copy).toEqual(original);
    expect(await traces(ids['UPH-01'] ?? 0)).toEqual(originalTraces);
    // The measured loss came back on its splice.
    const measured = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM fibre_joints j JOIN network_elements e ON e.id = j.element_id
      WHERE e.cluster_id = ${ids['UPH-01']} AND j.measured_loss_db = 0.07`);
    expect(measured?.n).toBe(1);
    // The office, placed nowhere before, stands where the delivery's NRO is.
    const office = await t.db.one<{ placed: boolean }>(sql`
      SELECT co.location IS NOT NULL AS placed FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${ids['UPH-01']}`);
    expect(office?.placed).toBe(true);
  }, 240_000);

  it('brings it back from the model’s shapefile + CSV layout too, and refuses a cluster that is not empty', async () => {
    const zip = await exported('gracethd-shpcsv');
    const response = await importFiles([{ name: 'CBD-01.zip', data: zip }], {
      clusterId: String(ids['CBD-02']),
    });
    expect(response.statusCode, response.body.slice(0, 1000)).toBe(200);
    expect(await inventory(ids['CBD-02'] ?? 0)).toEqual(original);
    expect(await traces(ids['CBD-02'] ?? 0)).toEqual(originalTraces);

    const again = await importFiles([{ name: 'CBD-01.zip', data: zip }], {
      clusterId: String(ids['CBD-02']),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/CBD-02 already holds/);
  }, 240_000);
});

describe('a delivery made by another tool', () => {
  it('maps its tables as the model says: segments as cables, passages as splices, homes still lit', async () => {
    const zip = await exported('gracethd-shpcsv');
    const dir = path.join(work, 'foreign');
    await writeFile(path.join(work, 'foreign.zip'), zip);
    execFileSync('unzip', ['-o', '-q', path.join(work, 'foreign.zip'), '-d', dir]);
    // Without our comments, the delivery is only what the model says.
    const entries = readdirSync(dir).map((name) => {
      let data = readFileSync(path.join(dir, name));
      if (name.endsWith('.csv')) {
        const [header = '', ...lines] = data.toString('utf8').split('\n');
        const blank = header
          .split(';')
          .map((column, i) => (column.endsWith('_comment') ? i : -1))
          .filter((i) => i >= 0);
        const rows = lines.map((line) =>
          line
            .split(';')
            .map((cell, i) => (blank.includes(i) ? '' : cell))
            .join(';'),
        );
        data = Buffer.from([header, ...rows].join('\n'));
      }
      return { name, data };
    });
    const response = await importFiles([{ name: 'foreign.zip', data: await zipOf(entries) }], {
      clusterId: String(ids['WST-01']),
    });
    expect(response.statusCode, response.body.slice(0, 1000)).toBe(200);
    const [cableHeader = '', ...cableRows] = readFileSync(path.join(dir, 't_cable.csv'), 'utf8')
      .split('\n')
      .filter(Boolean);
    const typephy = cableHeader.split(';').indexOf('cb_typephy');
    const segments = cableRows.filter((row) => row.split(';')[typephy] === 'C').length;
    const cables = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM network_elements
      WHERE cluster_id = ${ids['WST-01']} AND type = 'Cable'`);
    expect(cables?.n).toBe(segments);
    const lit = (await traces(ids['WST-01'] ?? 0)).filter((h) => h.end === 'olt-port');
    const before = (await traces(ids['CBD-01'] ?? 0)).filter((h) => h.end === 'olt-port');
    expect(lit.length).toBe(before.length);
  }, 240_000);
});

describe('hostile deliveries', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    const zip = await exported('gracethd-shpcsv');
    const dir = path.join(work, 'layout');
    await writeFile(path.join(work, 'layout.zip'), zip);
    execFileSync('unzip', ['-o', '-q', path.join(work, 'layout.zip'), '-d', dir]);
    files = new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name))]));
  }, 120_000);

  /** The layout zipped again with one CSV changed (or left out). */
  async function tampered(table: string, change: (csv: string) => string | null) {
    const entries = [...files]
      .map(([name, data]) => {
        if (name !== `${table}.csv`) return { name, data };
        const text = change(data.toString('utf8'));
        return text === null ? null : { name, data: Buffer.from(text) };
      })
      .filter((e): e is { name: string; data: Buffer } => e !== null);
    return zipOf(entries);
  }

  async function refused(table: string, change: (csv: string) => string | null) {
    const response = await importFiles(
      [{ name: 'delivery.zip', data: await tampered(table, change) }],
      { clusterId: String(ids['WST-02']) },
    );
    expect(response.statusCode, response.body.slice(0, 500)).toBe(422);
    const nothing = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM network_elements WHERE cluster_id = ${ids['WST-02']}`,
    );
    expect(nothing?.n).toBe(0);
    return response.json<{ message: string; details: { problems: { message: string }[] } }>();
  }

  /** The CSV with the value of `column` in its first row replaced. */
  const firstRow = (column: string, value: string) => (csv: string) => {
    const lines = csv.split('\n');
    const at = lines[0]?.split(';').indexOf(column) ?? -1;
    const cells = lines[1]?.split(';') ?? [];
    cells[at] = value;
    lines[1] = cells.join(';');
    return lines.join('\n');
  };

  it('refuses a position naming no fibre', async () => {
    const body = await refused('t_position', firstRow('ps_1', 'FO-NOWHERE-001'));
    expect(body.message).toMatch(/cannot be imported/);
    expect(body.details.problems.map((p) => p.message)).toContain(
      't_position.ps_1 = FO-NOWHERE-001 names no row of t_fibre (' +
        (body.details.problems[0]?.message.split('(')[1] ?? ''),
    );
  });

  it('refuses codes outside the value lists', async () => {
    const body = await refused('t_ptech', firstRow('pt_typephy', 'Q'));
    expect(body.details.problems[0]?.message).toMatch(
      /^t_ptech\.pt_typephy = Q is not in the list l_ptech_type_phy/,
    );
    const colour = await refused('t_fibre', firstRow('fo_color', '99'));
    expect(colour.details.problems[0]?.message).toMatch(
      /fo_color = 99 is not in the list l_fo_color/,
    );
  });

  it('refuses a missing table its neighbours name, and a missing mandatory column', async () => {
    const noFibres = await refused('t_fibre', () => null);
    expect(noFibres.details.problems[0]?.message).toMatch(/names no row of t_fibre/);
    const noStatus = await refused('t_cable', (csv) => csv.replace('cb_statut', 'cb_status'));
    expect(noStatus.details.problems[0]?.message).toBe('Table t_cable has no column cb_statut.');
  });

  it('refuses an upload over the size limit, a missing target and a user who may not write', async () => {
    const small = await createTestApp({ importMaxBytes: 200_000 });
    try {
      const token = await small.login('admin@example.com', 'admin1234');
      const body = multipart(
        [{ name: 'delivery.zip', data: await tampered('t_cable', (c) => c) }],
        {
          clusterId: String(ids['WST-02']),
        },
      );
      const big = await small.app.inject({
        method: 'POST',
        url: '/api/file-format/import',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(big.statusCode).toBe(413);
    } finally {
      await small.close();
    }
    const zip = await tampered('t_cable', (c) => c);
    const noTarget = await importFiles([{ name: 'd.zip', data: zip }], {});
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json<{ message: string }>().message).toMatch(/cluster/);
    const viewer = await t.login('viewer@example.com', 'viewer1234');
    const denied = await importFiles(
      [{ name: 'd.zip', data: zip }],
      { clusterId: String(ids['WST-02']) },
      viewer,
    );
    expect(denied.statusCode).toBe(403);
  }, 120_000);
});
