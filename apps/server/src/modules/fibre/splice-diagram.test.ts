import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 26: an enclosure's splice diagram, printed from the lit demo network of CBD-01. */
let t: TestApp;
let admin = '';
let dir = '';
let fdt = 0;
let trunk = { id: 0, name: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  dir = await mkdtemp(path.join(os.tmpdir(), 'splice-diagram-'));
  const cluster = await idByName(t.db, 'clusters', 'CBD-01');
  const row = await t.db.one<{ fdt: number; trunk: number; name: string }>(sql`
    SELECT f.id AS fdt, c.id AS trunk, c.name FROM network_elements f
    JOIN network_elements c ON c.cluster_id = f.cluster_id AND c.type = 'Cable'
      AND ST_DWithin(ST_EndPoint(c.geom)::geography, f.geom::geography, 1)
    WHERE f.cluster_id = ${cluster} AND f.type = 'FDTSRO' LIMIT 1`);
  fdt = row?.fdt ?? 0;
  trunk = { id: row?.trunk ?? 0, name: row?.name ?? '' };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const diagram = (elementId: number, token: string, language = 'en') =>
  t.app.inject({
    url: `/api/fibre/enclosures/${elementId}/diagram.pdf`,
    headers: { ...bearer(token), 'accept-language': language },
  });

async function textOf(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  return stdout;
}

describe('the splice diagram PDF', () => {
  it("draws the FDT-SRO's trunk with its fibres numbered, its 1:4 splitters and its connections", async () => {
    const r = await diagram(fdt, admin);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain('Splice diagram');
    const text = await textOf(r.rawPayload);
    expect(text).toContain('Splice diagram');
    expect(text).toContain(`Cable ${trunk.name}`);
    for (const fibre of ['1 blue', '12 aqua', '13 blue', '66 white', '96 aqua'])
      expect(text).toMatch(new RegExp(`\\b${fibre}\\b`));
    // The trunk's spare, reserved by the demo.
    expect(text).toContain('67 red (reserved)');
    expect(text).toContain('Splitter S1 1:4');
    expect(text).toMatch(/Splice in tray 1: .+ -> .+, 0\.1 dB/);
  });

  it('speaks French', async () => {
    const r = await diagram(fdt, admin, 'fr');
    expect(r.statusCode).toBe(200);
    const text = await textOf(r.rawPayload);
    expect(text).toContain('Plan de boîte');
    expect(text).toMatch(/\b1 bleu\b/);
    expect(text).toContain('Coupleur S1 1:4');
  });

  it('is refused to a viewer, who may not read the enclosure', async () => {
    const viewer = await t.login('viewer@example.com', 'viewer1234');
    const r = await diagram(fdt, viewer);
    expect(r.statusCode).toBe(403);
    expect(r.json<{ status: boolean }>().status).toBe(false);
  });

  it('answers 404 for an enclosure that does not exist', async () => {
    expect((await diagram(999_999, admin)).statusCode).toBe(404);
  });
});
