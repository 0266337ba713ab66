import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hasOgr } from '../../file-format/test-uploads.ts';

/**
 * DXF exports (issue 29) read back by GDAL's own command-line tools (Debian gdal-bin), as CAD
 * offices' converters read them: one layer "entities" whose Layer field is the CAD layer.
 */
if (!hasOgr)
  console.log('ogrinfo is not installed (apt-get install gdal-bin): DXF read-back tests skipped');

let t: TestApp;
let admin: string;
let viewer: string;
let cbd01: number;
let work: string;
const NAME = 'Chambre "A\\1" {é} – Ngara';

beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer] = await Promise.all([
    t.login('admin@example.com', 'admin1234'),
    t.login('viewer@example.com', 'viewer1234'),
  ]);
  cbd01 =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))?.id ?? 0;
  // A name with what the label style and MTEXT escape.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/networkelements/manhole/create',
    payload: { clusterId: cbd01, name: NAME, coordinates: { lat: -1.2841, lng: 36.8219 } },
    headers: bearer(admin),
  });
  expect(created.statusCode, created.body).toBe(200);
  work = await mkdtemp(path.join(os.tmpdir(), 'dxf-export-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const exportDxf = (payload: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/file-format/export',
    payload: { format: 'dxf', ...payload },
    headers: bearer(token),
  });

let files = 0;
/** Exports and saves the file; fails on anything but a 200. */
async function saved(payload: object) {
  const started = performance.now();
  const response = await exportDxf(payload);
  const ms = performance.now() - started;
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  const file = path.join(work, `export-${files++}.dxf`);
  await writeFile(file, response.rawPayload);
  return { file, response, ms, text: response.rawPayload.toString('latin1') };
}

const ogr = (file: string, args: string[]) =>
  execFileSync('ogrinfo', ['-ro', ...args, file], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });

/** Features per CAD layer, through ogrinfo's SQLite dialect. */
function layerCounts(file: string): Record<string, number> {
  const text = ogr(file, [
    '-dialect',
    'SQLite',
    '-sql',
    'SELECT Layer, count(*) AS n FROM entities GROUP BY Layer',
  ]);
  const counts: Record<string, number> = {};
  for (const block of text.split(/\nOGRFeature\(/).slice(1)) {
    const layer = /\n\s*Layer \(String\) = (.*)/.exec(block)?.[1] ?? '';
    counts[layer] = Number(/\n\s*n \(Integer\) = (\d+)/.exec(block)?.[1] ?? NaN);
  }
  return counts;
}

/** The Text of every MTEXT (the labels). */
function texts(file: string): string[] {
  const text = ogr(file, [
    '-dialect',
    'SQLite',
    '-sql',
    'SELECT Text FROM entities WHERE Text IS NOT NULL',
  ]);
  return [...text.matchAll(/\n\s*Text \(String\) = (.*)/g)].map((m) => m[1] ?? '');
}

/** The summary of layer entities: its extent and fields. */
function summary(file: string) {
  const text = ogr(file, ['-so', '-al']);
  const extent = /Extent: \((-?[\d.]+), (-?[\d.]+)\) - \((-?[\d.]+), (-?[\d.]+)\)/
    .exec(text)
    ?.slice(1)
    .map(Number);
  return { text, extent: extent ?? [] };
}

/** A name as its label reads: MTEXT would take braces for groups, they are parentheses. */
const asLabel = (name: string) => name.replace(/\{/g, '(').replace(/\}/g, ')');

/** What the database holds for a set of clusters: per CAD layer, and the names. */
async function expected(clusterIds: number[], officeIds: number[]) {
  const rows = await t.db.rows<{ type: string; n: number; named: number }>(sql`
    SELECT type, count(*)::int AS n, count(*) FILTER (WHERE btrim(name) <> '')::int AS named
    FROM network_elements
    WHERE cluster_id = ANY(${`{${clusterIds.join(',')}}`}::int[]) AND deleted_at IS NULL
    GROUP BY type`);
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const layer = ELEMENT_TYPES.find((ty) => ty.internalName === row.type)?.displayName ?? '?';
    counts[layer] = row.n;
    if (row.named) counts[`${layer} text`] = row.named;
  }
  const offices = await t.db.rows<{ name: string }>(sql`
    SELECT name FROM central_offices
    WHERE id = ANY(${`{${officeIds.join(',')}}`}::int[]) AND location IS NOT NULL`);
  if (offices.length) {
    counts['Central office'] = offices.length;
    counts['Central office text'] = offices.length;
  }
  const names = await t.db.rows<{ name: string }>(sql`
    SELECT name FROM network_elements
    WHERE cluster_id = ANY(${`{${clusterIds.join(',')}}`}::int[]) AND deleted_at IS NULL
      AND btrim(name) <> ''
    UNION ALL
    SELECT name FROM central_offices
    WHERE id = ANY(${`{${officeIds.join(',')}}`}::int[]) AND location IS NOT NULL`);
  return { counts, names: names.map((n) => asLabel(n.name)).sort() };
}

/** The clusters a project's export draws (all but Cancelled ones), and its offices. */
async function projectScope(projectId: number) {
  const clusters = await t.db.rows<{ id: number }>(sql`
    SELECT cl.id FROM clusters cl JOIN central_offices co ON co.id = cl.central_office_id
    WHERE co.project_id = ${projectId} AND cl.project_phase <> 'Cancelled'`);
  const offices = await t.db.rows<{ id: number }>(sql`
    SELECT id FROM central_offices WHERE project_id = ${projectId}`);
  return { clusterIds: clusters.map((c) => c.id), officeIds: offices.map((o) => o.id) };
}

describe.skipIf(!hasOgr)('DXF export read back by ogrinfo', () => {
  it('draws the demo cluster in UTM 37S: a layer per type, names as text, metres', async () => {
    const { file, response, ms, text } = await saved({ clusterId: cbd01 });
    console.log(`DXF of CBD-01: ${ms.toFixed(0)} ms, ${text.length} bytes`);
    expect(response.headers['content-type']).toBe('image/vnd.dxf');
    expect(response.headers['x-crs']).toBe('EPSG:32737');
    expect(response.headers['content-disposition']).toMatch(
      /filename="CBD-01-EPSG32737-\d{4}-\d{2}-\d{2}\.dxf"/,
    );
    // The CRS in the first line (a comment), metres in the header, zones as outlines.
    expect(text.startsWith('999\nCoordinates in EPSG:32737 (metres)\n')).toBe(true);
    expect(text).toMatch(/\n\$INSUNITS\n 70\n +6\n/);
    expect(text).toMatch(/\n\$MEASUREMENT\n 70\n +1\n/);
    expect(text).not.toMatch(/\n {2}0\nHATCH\n/);
    // Layers in their type's colour (true colour 420): PBO-FATs #2e7d32.
    expect(text).toMatch(/\n {2}2\nPBO-FAT\n 70\n +0\n 62\n +\d\n420\n3046706\n/);
    expect(text.match(/\nAcDbLayerTableRecord\n {2}2\nPBO-FAT\n/g)).toHaveLength(1);

    const { text: info, extent } = summary(file);
    expect(info).toMatch(/Layer name: entities/);
    for (const field of ['Layer', 'SubClasses', 'EntityHandle', 'Text'])
      expect(info).toMatch(new RegExp(`\\n${field}: String`));
    // Nairobi in UTM zone 37S: eastings around 257 km, northings around 9,858 km.
    const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = extent;
    expect(xmin).toBeGreaterThan(240_000);
    expect(xmax).toBeLessThan(275_000);
    expect(ymin).toBeGreaterThan(9_840_000);
    expect(ymax).toBeLessThan(9_875_000);

    const office = await t.db.one<{ id: number }>(
      sql`SELECT central_office_id AS id FROM clusters WHERE id = ${cbd01}`,
    );
    const want = await expected([cbd01], [office?.id ?? 0]);
    expect(layerCounts(file)).toEqual(want.counts);
    expect(texts(file).sort()).toEqual(want.names);
    expect(texts(file)).toContain('Chambre "A\\1" (é) – Ngara');
  });

  it('styles cables with their template colour and labels them along the line', async () => {
    const { file } = await saved({ clusterId: cbd01 });
    const cables = ogr(file, ['-al', '-where', "Layer IN ('Cable', 'Cable text')"]);
    // ogrinfo shows each entity's OGR style: colours of polylines, angles of the labels.
    expect(cables).toMatch(/Style = PEN\(c:#[0-9a-f]{6}/i);
    expect(cables).toMatch(/Style = LABEL\(f:"Arial",t:".*",a:-?[\d.]+/);
    const types = [...cables.matchAll(/\n\s*(LINESTRING|POINT) \(/g)].map((m) => m[1]);
    expect(types).toContain('LINESTRING');
  });

  it('writes longitude and latitude when asked for EPSG:4326, with a warning', async () => {
    const { file, response, text } = await saved({ clusterId: cbd01, crs: 4326 });
    expect(response.headers['x-crs']).toBe('EPSG:4326');
    expect(JSON.parse(String(response.headers['x-export-warnings']))).toHaveLength(1);
    expect(text.startsWith('999\nCoordinates in EPSG:4326 (degrees)\n')).toBe(true);
    const [xmin = 0, ymin = 0, xmax = 0, ymax = 0] = summary(file).extent;
    expect(xmin).toBeGreaterThan(36.7);
    expect(xmax).toBeLessThan(36.9);
    expect(ymin).toBeGreaterThan(-1.4);
    expect(ymax).toBeLessThan(-1.2);
  });

  it('draws an office and a whole project, Cancelled clusters left out', async () => {
    const project = await t.db.one<{ id: number; name: string; office: number }>(sql`
      SELECT p.id, p.name, min(co.id) AS office FROM projects p
      JOIN central_offices co ON co.project_id = p.id
      WHERE p.name = 'Nairobi CBD' GROUP BY p.id`);
    if (!project) throw new Error('not seeded: project Nairobi CBD');
    // A Cancelled cluster of the office, with an element: drawn on its own only.
    const cancelled = await t.db.one<{ id: number }>(sql`
      INSERT INTO clusters (central_office_id, name, project_phase)
      VALUES (${project.office}, 'DXF-CANCELLED', 'Cancelled') RETURNING id`);
    await t.db.rows(sql`
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom)
      SELECT ${cancelled?.id}, 'Pole', min(template_id), 'Cancelled pole',
             ST_SetSRID(ST_MakePoint(36.82, -1.285), 4326)
      FROM network_elements WHERE type = 'Pole'`);
    const alone = await saved({ clusterId: cancelled?.id });
    expect(layerCounts(alone.file)).toMatchObject({ Pole: 1, 'Pole text': 1 });
    const whole = await projectScope(project.id);
    const drawn = await saved({ projectId: project.id });
    console.log(`DXF of project ${project.name}: ${drawn.ms.toFixed(0)} ms`);
    const want = await expected(whole.clusterIds, whole.officeIds);
    expect(layerCounts(drawn.file)).toEqual(want.counts);

    const officeClusters = await t.db.rows<{ id: number }>(sql`
      SELECT id FROM clusters
      WHERE central_office_id = ${project.office} AND project_phase <> 'Cancelled'`);
    const office = await saved({ centralOfficeId: project.office });
    const wantOffice = await expected(
      officeClusters.map((c) => c.id),
      [project.office],
    );
    expect(layerCounts(office.file)).toEqual(wantOffice.counts);
  });

  it('gives figures for the largest demo cluster and the largest demo project', async () => {
    const cluster = await t.db.one<{ id: number; name: string; n: number }>(sql`
      SELECT c.id, c.name, count(*)::int AS n FROM clusters c
      JOIN network_elements e ON e.cluster_id = c.id AND e.deleted_at IS NULL
      GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
    const project = await t.db.one<{ id: number; name: string; n: number }>(sql`
      SELECT p.id, p.name, count(*)::int AS n FROM projects p
      JOIN central_offices co ON co.project_id = p.id
      JOIN clusters c ON c.central_office_id = co.id AND c.project_phase <> 'Cancelled'
      JOIN network_elements e ON e.cluster_id = c.id AND e.deleted_at IS NULL
      GROUP BY p.id ORDER BY count(*) DESC LIMIT 1`);
    if (!cluster || !project) throw new Error('not seeded: demo network');
    const byCluster = await saved({ clusterId: cluster.id });
    const byProject = await saved({ projectId: project.id });
    console.log(
      `DXF figures (${t.db.kind}): cluster ${cluster.name} (${cluster.n} elements) ${byCluster.ms.toFixed(0)} ms ` +
        `[${String(byCluster.response.headers['server-timing'])}], ` +
        `project ${project.name} (${project.n} elements) ${byProject.ms.toFixed(0)} ms ` +
        `[${String(byProject.response.headers['server-timing'])}], ${byProject.text.length} bytes`,
    );
    expect(Object.values(layerCounts(byProject.file)).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      project.n,
    );
  });
});

describe('DXF export refusals', () => {
  it('refuses an unknown EPSG code with a 400', async () => {
    for (const crs of [999_999, 1234]) {
      const response = await exportDxf({ clusterId: cbd01, crs });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain(`EPSG:${crs}`);
    }
  });

  it('answers 403 to a user without access, 404 for a missing scope', async () => {
    expect((await exportDxf({ clusterId: cbd01 }, viewer)).statusCode).toBe(403);
    expect((await exportDxf({ clusterId: 999_999 })).statusCode).toBe(404);
    expect((await exportDxf({ projectId: 999_999 })).statusCode).toBe(404);
  });

  it('says there is nothing to export in an empty cluster', async () => {
    const empty = await t.db.one<{ id: number }>(sql`
      INSERT INTO clusters (central_office_id, name)
      SELECT central_office_id, 'DXF-EMPTY' FROM clusters WHERE id = ${cbd01}
      RETURNING id`);
    const response = await exportDxf({ clusterId: empty?.id });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toContain('DXF-EMPTY');
  });
});
