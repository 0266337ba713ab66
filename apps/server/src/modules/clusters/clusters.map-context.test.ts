import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app.ts';
import {
  admin,
  cluster,
  field,
  ids,
  planner,
  t,
  useClustersApp,
  viewer,
} from './clusters.fixtures.ts';

useClustersApp();

/** Roughly where the demo's towns are: Nairobi's CBD and Mombasa Island. */
const NAIROBI = { lat: -1.29, lng: 36.82 };
const MOMBASA = { lat: -4.04, lng: 39.67 };
const near = (at: { lat: number; lng: number } | null | undefined, to: typeof NAIROBI) =>
  Boolean(at && Math.abs(at.lat - to.lat) < 0.05 && Math.abs(at.lng - to.lng) < 0.05);

describe('GET /api/clusters/cluster/:id tells the map what the user may do', () => {
  it('answers canEdit true to admins and the cluster planners, false to everyone else', async () => {
    expect((await cluster(ids.cbd02, admin)).canEdit).toBe(true);
    // Through the CO (Nairobi Central) and directly (WST-01).
    expect((await cluster(ids.cbd02, planner)).canEdit).toBe(true);
    expect((await cluster(ids.wst01, planner)).canEdit).toBe(true);
    // A planner reading a cluster of their project that is not theirs.
    expect((await cluster(ids.uph01, planner)).canEdit).toBe(false);
    // Field users and viewers read, even where they are assigned.
    expect((await cluster(ids.cbd01, field)).canEdit).toBe(false);
    expect((await cluster(ids.msa01, viewer)).canEdit).toBe(false);
    const mombasaPlanner = await t.login('planner.mombasa@example.com', 'planner1234');
    expect((await cluster(ids.msa01, mombasaPlanner)).canEdit).toBe(true);
  });
});

describe('GET /api/clusters/cluster/:id tells the map where the cluster is', () => {
  it("answers the centre of the cluster's elements, else of its CO's, else of its project's", async () => {
    // CBD-01 holds the demo network; CBD-02 (same CO) and UPH-01 (same project) are empty.
    for (const id of [ids.cbd01, ids.cbd02, ids.uph01]) {
      expect(near((await cluster(id, admin)).location, NAIROBI), `cluster ${id}`).toBe(true);
    }
  });

  it("opens an empty demo cluster of Mombasa in Mombasa, from its project's location", async () => {
    const msa01 = await cluster(ids.msa01, viewer);
    expect(msa01._count.Pole).toBe(0);
    expect(near(msa01.location, MOMBASA), JSON.stringify(msa01.location)).toBe(true);
  });

  it("prefers an element of the CO's other cluster to the project's location", async () => {
    const msa02 = (await cluster(ids.msa01, admin)).centralOfficeId;
    const [other] = await t.db.rows<{ id: number }>(sql`
      SELECT id FROM clusters WHERE central_office_id = ${msa02} AND name = 'MSA-02'`);
    const at = { lat: -4.06, lng: 39.64 };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/networkelements/pole/create',
      headers: bearer(admin),
      payload: { clusterId: other?.id, coordinates: at },
    });
    expect(created.statusCode, created.body).toBe(200);
    const location = (await cluster(ids.msa01, viewer)).location;
    expect(location?.lat).toBeCloseTo(at.lat, 6);
    expect(location?.lng).toBeCloseTo(at.lng, 6);
  });

  it('answers null when neither the cluster, its CO, its project nor a stored location say', async () => {
    await t.db.rows(sql`UPDATE projects SET location = NULL WHERE id = ${ids.westlands}`);
    expect((await cluster(ids.wst01, admin)).location).toBeNull();
  });
});
