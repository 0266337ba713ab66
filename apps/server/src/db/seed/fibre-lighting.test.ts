import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_LOSSES,
  type EnclosurePlan,
  type HomeBudget,
  type Trace,
} from '@integration/contracts';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 26's demo: CBD-01 is a lit network as soon as the server starts. */
let t: TestApp;
let admin = '';
let cluster = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  cluster = await idByName(t.db, 'clusters', 'CBD-01');
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const r = await t.app.inject({ url: `/api${url}`, headers: bearer(admin) });
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  return r.json<{ data: T }>().data;
};

describe('the lit demo network', () => {
  it('traces every home of CBD-01 to an OLT port within the 28 dB budget', async () => {
    const { homes } = await get<{ homes: HomeBudget[] }>(`/fibre/clusters/${cluster}/budget`);
    const counted = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM network_elements
      WHERE cluster_id = ${cluster} AND type IN ('SFU', 'Building') AND deleted_at IS NULL`);
    expect(homes.length).toBe(counted?.n);
    expect(homes.length).toBeGreaterThan(500);
    const unlit = homes.filter((h) => h.end !== 'olt-port' || h.marginDb < 0);
    expect(unlit.map((h) => h.name)).toEqual([]);
    for (const h of homes)
      expect(h.totalLossDb['1310']).toBeLessThanOrEqual(DEFAULT_LOSSES.budgetDb);
  });

  it('runs a home through a PBO-FAT 1:8, a closure, the FDT-SRO 1:4 and the central office', async () => {
    const home = await t.db.one<{ id: number }>(sql`
      SELECT id FROM network_elements WHERE cluster_id = ${cluster} AND type = 'SFU'
      ORDER BY id DESC LIMIT 1`);
    const trace = await get<Trace>(`/fibre/trace?elementId=${home?.id}`);
    expect(trace.end).toBe('olt-port');
    const splitters = trace.hops.filter((h) => h.kind === 'splitter');
    expect(splitters.map((h) => h.elementType)).toEqual(['PboFat', 'FDTSRO']);
    expect(trace.hops.some((h) => h.kind === 'splice' && h.elementType === 'SpliceClosure')).toBe(
      true,
    );
    expect(trace.hops.at(-1)?.kind).toBe('olt-port');
  });

  it('keeps a few spare fibres reserved', async () => {
    const reserved = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM fibres f JOIN network_elements e ON e.id = f.cable_id
      WHERE e.cluster_id = ${cluster} AND f.status = 'reserved'`);
    expect(reserved?.n).toBeGreaterThanOrEqual(3);
  });
});

describe('a demo splice closure', () => {
  it('shows the cables spliced in it with their fibres, though their drawn ends lie elsewhere', async () => {
    const closure = await t.db.one<{ id: number }>(sql`
      SELECT DISTINCT j.element_id AS id FROM fibre_joints j
      JOIN network_elements e ON e.id = j.element_id AND e.type = 'SpliceClosure'
      WHERE e.cluster_id = ${cluster} ORDER BY 1 LIMIT 1`);
    const plan = await get<EnclosurePlan>(`/fibre/enclosures/${closure?.id}`);
    expect(plan.connections.length).toBeGreaterThan(0);
    const spliced = plan.cables.filter((c) => c.fill.used > 0);
    expect(spliced.length).toBeGreaterThanOrEqual(2);
    expect(spliced.every((c) => c.end === 'a' || c.end === 'b')).toBe(true);
  });
});
