import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignProblems, DesignThresholds } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { fibreApi, LAT, type Network } from '../fibre/fibre.fixtures.ts';

/**
 * Issue 27: each rule fires on a hand-made violation of the fibre tests' lit network, and is
 * silent on it as drawn; thresholds are the project's.
 */
let t: TestApp;
let admin = '';
let net: Network;
let api: ReturnType<typeof fibreApi>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  api = fibreApi(t, () => admin);
  net = await api.build('DESIGN-T');
}, 120_000);
afterAll(() => t.close());

const problems = async (query = '', locale = 'en') => {
  const r = await t.app.inject({
    url: `/api/design/clusters/${net.clusterId}/problems${query}`,
    headers: { ...bearer(admin), 'accept-language': locale },
  });
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
  return r.json<{ data: DesignProblems }>().data;
};
const codes = async (query = '') => (await problems(query)).problems.map((p) => p.code).sort();
const thresholds = (set: Partial<DesignThresholds>) =>
  api.ok(api.post(`/design/projects/${net.projectId}/settings`, { thresholds: set }));
const at = (step: number, north = 0) => ({ lat: LAT + north, lng: 36.83 + step * 0.001 });

describe('the design checks', () => {
  it('are silent on the network as drawn, but for the branch it fills to the last fibre', async () => {
    const found = await problems();
    expect(found.counts).toEqual({ error: 0, warning: 1 });
    expect(found.problems[0]).toMatchObject({
      rule: 'cableFill',
      code: 'cableNoSpare',
      severity: 'warning',
      elementIds: [net.branch],
      message:
        'Cable DESIGN-T branch keeps 0 free fibres of 12, under the 10 % spare a feeder or distribution cable keeps.',
    });
  });

  it('follow the project thresholds: drops, loss, split and PBO-FAT saturation', async () => {
    // The PBO-FAT's 8 ports, 2 of them used.
    await t.db.rows(sql`
      UPDATE network_elements SET attributes = attributes || '{"Capacity": "\\"8\\""}'::jsonb
      WHERE id = ${net.pbo}`);
    await thresholds({ dropMaxM: 10, budgetWarnShare: 0.5, maxSplit: 16, pboWarnShare: 0.2 });
    const found = await problems();
    expect(found.problems.map((p) => p.code).sort()).toEqual([
      'cableNoSpare',
      'dropTooLong',
      'dropTooLong',
      'nearBudget',
      'nearBudget',
      'pboNearlyFull',
      'splitTooDeep',
      'splitTooDeep',
    ]);
    const drop = found.problems.find(
      (p) => p.code === 'dropTooLong' && p.elementIds[0] === net.drop1,
    );
    expect(drop?.elementIds).toEqual([net.drop1, net.home1]);
    expect(drop?.message).toMatch(
      /^Drop DESIGN-T drop 1 to DESIGN-T home 1 is [\d.]+ m long, over the 10 m allowed\.$/,
    );
    const split = found.problems.find((p) => p.code === 'splitTooDeep');
    expect(split?.figures).toMatchObject({ split: 32, max: 16 });
    // In French, with a decimal comma.
    const fr = await problems('', 'fr');
    expect(fr.problems.find((p) => p.code === 'nearBudget')?.message).toMatch(
      /perd \d+,\d+ dB, plus de 50 % du bilan de 28 dB/,
    );
    // Filtered by rule.
    expect(await codes('?rule=splitRatio')).toEqual(['splitTooDeep', 'splitTooDeep']);
    await thresholds({ dropMaxM: 300, budgetWarnShare: 0.9, maxSplit: 64, pboWarnShare: 0.8 });
    expect(await codes()).toEqual(['cableNoSpare']);
  });

  it('find a home over budget, one not lit, a tray overfilled and geometry gone astray', async () => {
    // An OTDR reading of 12 dB on the PBO-FAT's splice to drop 1: home 1 over the 28 dB.
    const pbo = await api.plan(`enclosures/${net.pbo}`);
    const toDrop1 = pbo.connections.find(
      (c) => c.to.includes('drop 1') || c.from.includes('drop 1'),
    );
    await api.ok(
      api.post(`/fibre/connections/${toDrop1?.id}/measured-loss`, { measuredLossDb: 12 }),
    );
    // The closure's splices in a tray of 4, as an import could leave them.
    await t.db.rows(sql`
      WITH tray AS (INSERT INTO fibre_trays (element_id, number, capacity)
                    VALUES (${net.closure}, 99, 4) RETURNING id)
      UPDATE fibre_joints SET tray_id = (SELECT id FROM tray) WHERE element_id = ${net.closure}`);
    // A home with no drop; a cable to nowhere; a stale stored length.
    await api.element(net.clusterId, 'SFU', 'DESIGN-T home 3', at(3.5, 0.0004));
    const stray = await api.element(net.clusterId, 'Cable', 'DESIGN-T stray', [at(4), at(4.2)], {
      Capacity: '12',
    });
    await t.db.rows(sql`UPDATE network_elements SET length_m = 500 WHERE id = ${stray}`);
    const found = await problems();
    const byCode = (code: string) => found.problems.filter((p) => p.code === code);
    expect(byCode('overBudget').map((p) => p.elementIds)).toEqual([[net.home1]]);
    expect(byCode('overBudget')[0]?.figures).toMatchObject({ budgetDb: 28 });
    expect(byCode('trayFull')[0]?.figures).toMatchObject({ tray: 99, splices: 12, capacity: 4 });
    expect(byCode('homeNoDrop').map((p) => p.figures.home)).toEqual(['DESIGN-T home 3']);
    expect(byCode('cableStartLoose').map((p) => p.elementIds)).toEqual([[stray]]);
    expect(byCode('cableEndLoose').map((p) => p.elementIds)).toEqual([[stray]]);
    expect(byCode('lengthMismatch')[0]?.figures).toMatchObject({ storedM: 500 });
    // Errors first.
    expect(found.problems[0]?.severity).toBe('error');

    // The drop's splice undone: home 1 ends open; the reading goes with it.
    await api.ok(api.del(`/fibre/connections/${toDrop1?.id}`));
    const open = await problems('?rule=continuity');
    expect(open.problems.map((p) => [p.code, p.elementIds[0]])).toEqual(
      expect.arrayContaining([['homeNotLit', net.home1]]),
    );
  });

  it('find elements outside their zones, overlapping zones and required attributes left empty', async () => {
    const zone = (name: string, west: number, east: number) =>
      api.ok(
        api.post('/networkelements/zone/create', {
          clusterId: net.clusterId,
          name,
          coordinates: [at(west, -0.001), at(east, -0.001), at(east, 0.001), at(west, 0.001)],
        }),
      );
    await zone('DESIGN-T west', -0.5, 2.5);
    await zone('DESIGN-T east', 2, 5);
    await t.db.rows(sql`
      UPDATE element_templates SET attributes = (
        SELECT jsonb_agg(CASE WHEN a->>'name' = 'Type' THEN a || '{"required": true}' ELSE a END)
        FROM jsonb_array_elements(attributes) a)
      WHERE project_id = ${net.projectId} AND type = 'FDTSRO'`);
    const found = await problems('?rule=geometry');
    expect(found.problems.filter((p) => p.code === 'zonesOverlap')).toHaveLength(1);
    // Everything lies within one zone or the other: nothing outside.
    expect(found.problems.filter((p) => p.code === 'outsideZone')).toEqual([]);
    const missing = await problems('?rule=completeness');
    expect(missing.problems).toEqual([
      expect.objectContaining({ code: 'attributesMissing', elementIds: [net.fdt] }),
    ]);
  });

  it('answer a workbook of the problems, and only to those who may read the cluster', async () => {
    const book = await t.app.inject({
      url: `/api/design/clusters/${net.clusterId}/problems.xlsx`,
      headers: bearer(admin),
    });
    expect(book.statusCode).toBe(200);
    expect(book.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const viewer = await t.login('viewer@example.com', 'viewer1234');
    const refused = await t.app.inject({
      url: `/api/design/clusters/${net.clusterId}/problems`,
      headers: bearer(viewer),
    });
    expect(refused.statusCode).toBe(403);
    const readOnly = await t.app.inject({
      method: 'POST',
      url: `/api/design/projects/${net.projectId}/settings`,
      payload: { thresholds: { dropMaxM: 1 } },
      headers: bearer(viewer),
    });
    expect(readOnly.statusCode).toBe(403);
    const bad = await api.post(`/design/projects/${net.projectId}/settings`, {
      thresholds: { dropMaxM: -1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
