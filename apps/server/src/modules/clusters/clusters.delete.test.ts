import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Project } from '@integration/contracts';
import {
  admin,
  cluster,
  del,
  freshCluster,
  get,
  ids,
  list,
  names,
  planner,
  remove,
  t,
  update,
  useClustersApp,
  ZERO_COUNTS,
} from './clusters.fixtures.ts';

useClustersApp();

/** Draws an element straight into the table, with the project's template of its type if any. */
async function insertElement(clusterId: number, type: string, deleted = false): Promise<void> {
  const geom =
    type === 'Cable'
      ? sql`ST_SetSRID(ST_MakeLine(ST_MakePoint(36.82, -1.28), ST_MakePoint(36.83, -1.29)), 4326)`
      : sql`ST_SetSRID(ST_MakePoint(36.82, -1.28), 4326)`;
  const templates = await t.db.one<{ exists: boolean }>(
    sql`SELECT to_regclass('element_templates') IS NOT NULL AS exists`,
  );
  const template = templates?.exists
    ? sql`(SELECT et.id FROM element_templates et
           JOIN central_offices co ON co.project_id = et.project_id
           JOIN clusters c ON c.central_office_id = co.id
           WHERE c.id = ${clusterId} AND et.type = ${type}
           ORDER BY et.is_default DESC, et.id LIMIT 1)`
    : sql`NULL`;
  await t.db.rows(sql`
    INSERT INTO network_elements (cluster_id, type, name, geom, template_id, deleted_at)
    VALUES (${clusterId}, ${type}, ${`${type}-1`}, ${geom}, ${template},
            ${deleted ? sql`now()` : sql`NULL`})`);
}

describe('DELETE /api/clusters/cluster/:id', () => {
  it('counts an element in _count of the cluster and of its project', async () => {
    const projectCount = async () =>
      (await get(`/api/projects/${ids.nairobiCbd}`, planner)).json<{ data: Project }>().data._count;
    const before = await projectCount();
    const target = await freshCluster('ELT-01');
    await insertElement(target.id, 'Pole');
    expect((await cluster(target.id))._count).toEqual({ ...ZERO_COUNTS, Pole: 1 });
    expect(await projectCount()).toEqual({ ...before, Pole: before.Pole + 1 });
    const listed = (await list(`/api/clusters/${ids.nairobiCbd}`, planner)).find(
      (c) => c.id === target.id,
    );
    expect(listed?._count.Pole).toBe(1);
  });

  it('refuses a cluster that holds elements with 409 naming them', async () => {
    const target = await freshCluster('ELT-02');
    await insertElement(target.id, 'Pole');
    await insertElement(target.id, 'Cable');
    const response = await remove(target.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message:
        "Cluster 'ELT-02' still has 2 element(s) (1 Pole, 1 Cable). Delete or move them first, or type its name to delete it with them.",
      // What would go with it, for the confirmation (issue 28).
      details: {
        counts: {
          clients: 0,
          mainProjects: 0,
          projects: 0,
          centralOffices: 0,
          clusters: 0,
          elements: 2,
        },
      },
    });
    const fr = await remove(target.id, admin, { 'accept-language': 'fr' });
    expect(fr.json().message).toBe(
      "Le cluster « ELT-02 » contient encore 2 élément(s) (1 Pole, 1 Cable). Supprimez-les ou déplacez-les d'abord, ou saisissez son nom pour le supprimer avec eux.",
    );
    expect((await cluster(target.id))._count).toEqual({ ...ZERO_COUNTS, Pole: 1, Cable: 1 });
  });

  it('ignores deleted elements in _count and deletes the cluster with them', async () => {
    const target = await freshCluster('ELT-03');
    await insertElement(target.id, 'Manhole', true);
    expect((await cluster(target.id))._count).toEqual(ZERO_COUNTS);
    const response = await remove(target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Cluster 'ELT-03' deleted.");
  });

  it('deletes an empty cluster, with its user assignments', async () => {
    const target = await freshCluster('DEL-01');
    await update(target.id, { users: [ids.viewer] });
    const response = await remove(target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      data: null,
      message: "Cluster 'DEL-01' deleted.",
    });
    expect(names(await list(`/api/clusters/co/${ids.nairobiCentral}`, admin))).not.toContain(
      'DEL-01',
    );
    const again = await remove(target.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Cluster ${target.id} was not found.`);
  });

  it('is for admins only, and 400 for a malformed id', async () => {
    const target = await freshCluster('DEL-02');
    const refused = await remove(target.id, planner);
    expect(refused.statusCode).toBe(403);
    expect((await cluster(target.id)).name).toBe('DEL-02');
    const malformed = await del('/api/clusters/cluster/abc', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});
