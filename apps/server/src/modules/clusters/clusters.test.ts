import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CentralOffice, Cluster, Project } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, liveElementCounts, userIdByEmail } from '../../test/seeded.ts';
import { emptyElementCounts } from '@integration/contracts';

let t: TestApp;
let admin: string;
let planner: string;
let field: string;
let viewer: string;
const ids = {
  nairobiCbd: 0,
  westlands: 0,
  mombasaIsland: 0,
  nairobiCentral: 0,
  upperHill: 0,
  cbd01: 0,
  cbd02: 0,
  uph01: 0,
  wst01: 0,
  msa01: 0,
  planner: 0,
  field: 0,
  viewer: 0,
};

const ZERO_COUNTS = emptyElementCounts();
const liveCounts = (scope: 'project' | 'cluster', id: number) => liveElementCounts(t.db, scope, id);

const DEFAULT_PATTERN = '{prefix}-{type}-{seq:4}';

const byName = (table: string, name: string) => idByName(t.db, table, name);
const userId = (email: string) => userIdByEmail(t.db, email);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
  field = await t.login('field@example.com', 'field1234');
  viewer = await t.login('viewer@example.com', 'viewer1234');
  ids.nairobiCbd = await byName('projects', 'Nairobi CBD');
  ids.westlands = await byName('projects', 'Westlands');
  ids.mombasaIsland = await byName('projects', 'Mombasa Island');
  ids.nairobiCentral = await byName('central_offices', 'CO Nairobi Central');
  ids.upperHill = await byName('central_offices', 'CO Upper Hill');
  ids.cbd01 = await byName('clusters', 'CBD-01');
  ids.cbd02 = await byName('clusters', 'CBD-02');
  ids.uph01 = await byName('clusters', 'UPH-01');
  ids.wst01 = await byName('clusters', 'WST-01');
  ids.msa01 = await byName('clusters', 'MSA-01');
  ids.planner = await userId('planner@example.com');
  ids.field = await userId('field@example.com');
  ids.viewer = await userId('viewer@example.com');
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...headers, ...bearer(token) } });

const create = (payload: object, token = admin) =>
  post('/api/clusters/cluster/create', payload, token);
const update = (id: number, payload: object, token = admin) =>
  post(`/api/clusters/cluster/update/${id}`, payload, token);
const removeUser = (id: number, user: number, token = admin) =>
  del(`/api/clusters/cluster/${id}/removeUser/${user}`, token);
const remove = (id: number, token = admin, headers: Record<string, string> = {}) =>
  del(`/api/clusters/cluster/${id}`, token, headers);

async function cluster(id: number, token = admin): Promise<Cluster> {
  const response = await get(`/api/clusters/cluster/${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cluster }>().data;
}

async function list(url: string, token: string): Promise<Cluster[]> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe(true);
  return response.json<{ data: Cluster[] }>().data;
}

/** A fresh, empty cluster of CO Nairobi Central (Nairobi CBD), made by the admin. */
async function freshCluster(name: string, centralOfficeId = ids.nairobiCentral): Promise<Cluster> {
  const response = await create({ centralOfficeId, name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cluster }>().data;
}

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

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

describe('GET /api/clusters/all', () => {
  it('lists every cluster to an admin with the fields the cluster screens read', async () => {
    const data = await list('/api/clusters/all', admin);
    expect(names(data)).toEqual([
      'CBD-01',
      'CBD-02',
      'KLM-01',
      'MSA-01',
      'MSA-02',
      'NYL-01',
      'UPH-01',
      'WST-01',
      'WST-02',
    ]);
    const cbd01 = data.find((c) => c.name === 'CBD-01');
    expect(cbd01).toMatchObject({
      id: ids.cbd01,
      projectId: ids.nairobiCbd,
      centralOfficeId: ids.nairobiCentral,
      centralOffice: { id: ids.nairobiCentral, name: 'CO Nairobi Central' },
      projectPhase: 'In-Progress',
      namingConvention: { prefix: 'NBO', pattern: DEFAULT_PATTERN },
      users: [{ id: ids.field, name: 'Brian Otieno', email: 'field@example.com', role: 'field' }],
      usersOnline: [],
    });
    for (const c of data) {
      // Every type appears, counted as the table holds them (zero where none).
      expect(c._count, c.name).toEqual(await liveCounts('cluster', c.id));
      expect(new Date(c.updatedAt).toISOString(), c.name).toBe(c.updatedAt);
    }
  });

  it.each([
    ['planner', () => planner, ['CBD-01', 'CBD-02', 'UPH-01', 'WST-01', 'WST-02']],
    ['field user', () => field, ['CBD-01', 'CBD-02', 'NYL-01', 'UPH-01']],
    ['viewer', () => viewer, ['MSA-01', 'MSA-02']],
  ])(
    'shows the %s every cluster of their projects, and only those',
    async (_who, token, expected) => {
      expect(names(await list('/api/clusters/all', token()))).toEqual(expected);
    },
  );
});

describe('GET /api/clusters/:projectId', () => {
  it("lists a visible project's clusters", async () => {
    const data = await list(`/api/clusters/${ids.nairobiCbd}`, planner);
    expect(names(data)).toEqual(['CBD-01', 'CBD-02', 'UPH-01']);
    expect(data.every((c) => c.projectId === ids.nairobiCbd)).toBe(true);
  });

  it('refuses 403 to a user who cannot see the project, existing or not', async () => {
    for (const id of [ids.nairobiCbd, 999999]) {
      const response = await get(`/api/clusters/${id}`, viewer);
      expect(response.statusCode, `project ${id}`).toBe(403);
      expect(response.json()).toMatchObject({ status: false, error: 'FORBIDDEN' });
    }
  });

  it('answers an admin 404 for a missing project and 400 for a malformed id', async () => {
    const missing = await get('/api/clusters/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Project 999999 was not found.');
    const malformed = await get('/api/clusters/-1', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'projectId'");
  });
});

describe('GET /api/clusters/co/:id', () => {
  it("lists a visible CO's clusters with status true", async () => {
    const response = await get(`/api/clusters/co/${ids.nairobiCentral}`, field);
    expect(response.statusCode).toBe(200);
    const json = response.json<{ status: boolean; data: Cluster[] }>();
    expect(json.status).toBe(true);
    expect(names(json.data)).toEqual(['CBD-01', 'CBD-02']);
    expect(json.data.every((c) => c.centralOfficeId === ids.nairobiCentral)).toBe(true);
  });

  it('refuses 403 to others, existing or not; 404 to an admin for a missing CO', async () => {
    expect((await get(`/api/clusters/co/${ids.nairobiCentral}`, viewer)).statusCode).toBe(403);
    expect((await get('/api/clusters/co/999999', viewer)).statusCode).toBe(403);
    const missing = await get('/api/clusters/co/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: 'Central office 999999 was not found.',
    });
    const malformed = await get('/api/clusters/co/co1', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});

describe('GET /api/clusters/cluster/:id', () => {
  it('answers one cluster with its naming convention', async () => {
    const data = await cluster(ids.cbd02, planner);
    expect(data).toMatchObject({
      id: ids.cbd02,
      name: 'CBD-02',
      centralOffice: { name: 'CO Nairobi Central' },
      projectPhase: 'In-Progress',
      namingConvention: { prefix: 'NBO', pattern: DEFAULT_PATTERN },
      users: [],
      usersOnline: [],
    });
    expect(data._count).toEqual(await liveCounts('cluster', ids.cbd02));
  });

  it('refuses 403 to others, existing or not; 404 to an admin for a missing cluster', async () => {
    expect((await get(`/api/clusters/cluster/${ids.cbd02}`, viewer)).statusCode).toBe(403);
    expect((await get('/api/clusters/cluster/999999', viewer)).statusCode).toBe(403);
    const missing = await get('/api/clusters/cluster/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cluster 999999 was not found.');
    const fr = await get('/api/clusters/cluster/999999?locale=fr', admin);
    expect(fr.json().message).toBe('Le cluster 999999 est introuvable.');
    const malformed = await get('/api/clusters/cluster/1e3x', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});

describe('POST /api/clusters/cluster/create', () => {
  it('creates an empty cluster in the CO and says so', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: '  CBD-03 ' });
    expect(response.statusCode).toBe(200);
    const json = response.json<{ status: boolean; data: Cluster; message: string }>();
    expect(json).toMatchObject({
      status: true,
      message: "Cluster 'CBD-03' created.",
      data: {
        name: 'CBD-03',
        projectId: ids.nairobiCbd,
        centralOfficeId: ids.nairobiCentral,
        centralOffice: { id: ids.nairobiCentral, name: 'CO Nairobi Central' },
        projectPhase: 'In-Progress',
        namingConvention: { prefix: '', pattern: DEFAULT_PATTERN },
        users: [],
        _count: ZERO_COUNTS,
        usersOnline: [],
      },
    });
    expect(names(await list(`/api/clusters/co/${ids.nairobiCentral}`, planner))).toEqual([
      'CBD-01',
      'CBD-02',
      'CBD-03',
    ]);
    const offices = (await get(`/api/centraloffices/project/${ids.nairobiCbd}`, admin)).json<{
      data: CentralOffice[];
    }>().data;
    expect(offices.find((o) => o.id === ids.nairobiCentral)?._count.clusters).toBe(3);
  });

  it('refuses a name already used in the CO, whatever its case, with 409', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: 'cbd-01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message: "A cluster named 'cbd-01' already exists in this central office.",
    });
    // Another CO may use it.
    expect((await freshCluster('CBD-01', ids.upperHill)).centralOfficeId).toBe(ids.upperHill);
  });

  it('answers an admin 404 for an unknown CO', async () => {
    const response = await create({ centralOfficeId: 999999, name: 'X-01' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'Central office 999999 was not found.',
    });
  });

  it.each([
    [
      'a blank name',
      () => ({ centralOfficeId: ids.nairobiCentral, name: ' \t ' }),
      "'name' is required.",
    ],
    ['no CO', () => ({ name: 'X-02' }), "'centralOfficeId' is required."],
    ['a malformed CO', () => ({ centralOfficeId: 'one', name: 'X-02' }), "'centralOfficeId'"],
  ])('refuses %s with 400 naming the field', async (_label, payload, message) => {
    const response = await create(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it('is for admins only', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: 'CBD-99' }, planner);
    expect(response.statusCode).toBe(403);
    expect(names(await list(`/api/clusters/co/${ids.nairobiCentral}`, admin))).not.toContain(
      'CBD-99',
    );
  });
});

describe('POST /api/clusters/cluster/update/:id', () => {
  it('lets a planner of the CO change the project phase', async () => {
    const response = await update(ids.cbd02, { projectPhase: 'Completed' }, planner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Cluster updated.',
      data: {
        projectPhase: 'Completed',
        namingConvention: { prefix: 'NBO', pattern: DEFAULT_PATTERN },
      },
    });
    expect((await cluster(ids.cbd02, field)).projectPhase).toBe('Completed');
    expect(
      (await update(ids.cbd02, { projectPhase: 'Cancelled' }, admin)).json().data.projectPhase,
    ).toBe('Cancelled');
  });

  it('refuses an unknown phase with 400 naming the allowed values', async () => {
    const response = await update(ids.cbd01, { projectPhase: 'Done' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      error: 'VALIDATION_ERROR',
      message: "'projectPhase' must be one of: In-Progress, Completed, Cancelled.",
    });
    expect((await cluster(ids.cbd01)).projectPhase).toBe('In-Progress');
  });

  it('lets a planner assigned to the cluster change its naming convention', async () => {
    const convention = { prefix: 'WST', pattern: '{cluster}-{type}-{seq:3}' };
    const response = await update(ids.wst01, { namingConvention: convention }, planner);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      namingConvention: convention,
      projectPhase: 'In-Progress',
    });
    expect((await cluster(ids.wst01, planner)).namingConvention).toEqual(convention);
    // The change puts the project first in the planner's list.
    const projects = (await get('/api/projects/platforms', planner)).json<{ data: Project[] }>()
      .data;
    expect(projects[0]?.id).toBe(ids.westlands);
  });

  it('accepts an empty prefix', async () => {
    const convention = { prefix: '', pattern: '{type}{seq}' };
    const response = await update(ids.cbd01, { namingConvention: convention });
    expect(response.statusCode).toBe(200);
    expect((await cluster(ids.cbd01)).namingConvention).toEqual(convention);
  });

  it.each([
    [
      'a pattern without {seq}',
      { prefix: 'NBO', pattern: '{prefix}-{type}' },
      "'namingConvention.pattern'",
    ],
    ['an unknown token', { prefix: 'NBO', pattern: '{seq}-{owner}' }, "'namingConvention.pattern'"],
    ['a prefix with a space', { prefix: 'N BO', pattern: '{seq}' }, "'namingConvention.prefix'"],
    ['no pattern', { prefix: 'NBO' }, "'namingConvention.pattern' is required."],
  ])(
    'refuses %s with 400 naming the field, changing nothing',
    async (_label, convention, field) => {
      const before = (await cluster(ids.cbd02)).namingConvention;
      const response = await update(ids.cbd02, { namingConvention: convention });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain(field);
      expect((await cluster(ids.cbd02)).namingConvention).toEqual(before);
    },
  );

  it('refuses an empty change with 400', async () => {
    const response = await update(ids.cbd02, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
  });

  it('lets an admin add users; those already present change nothing', async () => {
    const target = await freshCluster('ADD-01');
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(403);
    const response = await update(target.id, { users: [ids.viewer, ids.field] });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ data: Cluster }>()
        .data.users.map((u) => u.id)
        .sort(),
    ).toEqual([ids.field, ids.viewer].sort());
    // Assigned to a cluster, the viewer now sees its project.
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(200);

    const again = await update(target.id, { users: [ids.viewer] });
    expect(again.statusCode).toBe(200);
    expect((await cluster(target.id)).users.map((u) => u.id).sort()).toEqual(
      [ids.field, ids.viewer].sort(),
    );
  });

  it('refuses unknown users with 400 naming them, and changes nothing', async () => {
    const target = await freshCluster('ADD-02');
    const response = await update(target.id, {
      projectPhase: 'Completed',
      users: [ids.field, 424242],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'These users do not exist or are not on this platform: 424242.',
    );
    const after = await cluster(target.id);
    expect(after.users).toEqual([]);
    expect(after.projectPhase).toBe('In-Progress');
  });

  it('refuses users in the update to a planner, even of the cluster, changing nothing', async () => {
    const response = await update(
      ids.cbd02,
      { projectPhase: 'In-Progress', users: [ids.viewer] },
      planner,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    const after = await cluster(ids.cbd02);
    expect(after.users).toEqual([]);
    expect(after.projectPhase).not.toBe('In-Progress');
  });

  it.each([
    ['a planner of the project not assigned to its CO or to it', () => planner, () => ids.uph01],
    ['a field user assigned to it', () => field, () => ids.cbd01],
    ['a viewer of its project', () => viewer, () => ids.msa01],
  ])('refuses %s with 403', async (_who, token, id) => {
    const response = await update(id(), { projectPhase: 'Cancelled' }, token());
    expect(response.statusCode).toBe(403);
    expect((await cluster(id())).projectPhase).not.toBe('Cancelled');
  });

  it('answers 404 to an admin and 403 to others for a missing cluster', async () => {
    const missing = await update(999999, { projectPhase: 'Completed' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cluster 999999 was not found.');
    expect((await update(999999, { projectPhase: 'Completed' }, planner)).statusCode).toBe(403);
  });
});

describe('DELETE /api/clusters/cluster/:id/removeUser/:userId', () => {
  it('removes a member, who then no longer sees the project', async () => {
    expect((await get(`/api/projects/${ids.nairobiCbd}`, field)).statusCode).toBe(200);
    // The field user is also on ADD-01 since an earlier test; take them off there too.
    for (const c of await list(`/api/clusters/${ids.nairobiCbd}`, admin)) {
      if (c.id !== ids.cbd01 && c.users.some((u) => u.id === ids.field)) {
        expect((await removeUser(c.id, ids.field)).statusCode).toBe(200);
      }
    }
    const response = await removeUser(ids.cbd01, ids.field);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'User removed from the cluster.',
      data: { id: ids.cbd01, users: [] },
    });
    expect((await get(`/api/projects/${ids.nairobiCbd}`, field)).statusCode).toBe(403);
    const projects = (await get('/api/projects/platforms', field)).json<{ data: Project[] }>().data;
    expect(names(projects)).toEqual(['Nyali']);
  });

  it('answers 404 for a user who is not a member', async () => {
    const response = await removeUser(ids.cbd02, ids.planner);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: `User ${ids.planner} is not assigned to this cluster.`,
    });
  });

  it('answers an admin 404 for a missing cluster; 403 to a planner; 400 for malformed ids', async () => {
    const missing = await removeUser(999999, ids.field);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cluster 999999 was not found.');
    const refused = await removeUser(ids.wst01, ids.planner, planner);
    expect(refused.statusCode).toBe(403);
    expect((await cluster(ids.wst01)).users.map((u) => u.id)).toEqual([ids.planner]);
    const malformed = await del(`/api/clusters/cluster/${ids.wst01}/removeUser/0`, admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'userId'");
  });
});

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
        "Cluster 'ELT-02' still has 2 element(s) (1 Pole, 1 Cable). Delete or move them first.",
    });
    const fr = await remove(target.id, admin, { 'accept-language': 'fr' });
    expect(fr.json().message).toBe(
      "Le cluster « ELT-02 » contient encore 2 élément(s) (1 Pole, 1 Cable). Supprimez-les ou déplacez-les d'abord.",
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

/** Runs a request after a delay: the rounds below stagger them 0–10 ms to try interleavings. */
const later = <T>(ms: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
const stagger = (round: number) => (round % 6) * 2;

describe('two admins at once', () => {
  it('lets only one of two clusters named alike in one CO be created', async () => {
    const [first, second] = await Promise.all([
      create({ centralOfficeId: ids.nairobiCentral, name: 'RACE-01' }),
      create({ centralOfficeId: ids.nairobiCentral, name: 'race-01' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const clusters = await list(`/api/clusters/co/${ids.nairobiCentral}`, admin);
    expect(clusters.filter((c) => c.name.toLowerCase() === 'race-01')).toHaveLength(1);
  });

  it('answers 200 or 404, never 500, when users are added to a cluster being deleted', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const target = await freshCluster(`GONE-${round}`);
      const [added, deleted] = await Promise.all([
        later(stagger(round), () => update(target.id, { users: [ids.viewer] })),
        remove(target.id),
      ]);
      outcomes.push(`add ${added.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['add 200, delete 200', 'add 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });
});
