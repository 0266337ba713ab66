import { describe, expect, it } from 'vitest';
import type { Cluster } from '@integration/contracts';
import { liveElementCounts } from '../../test/seeded.ts';
import {
  admin,
  cluster,
  DEFAULT_PATTERN,
  field,
  get,
  ids,
  list,
  names,
  planner,
  t,
  useClustersApp,
  viewer,
} from './clusters.fixtures.ts';

useClustersApp();

const liveCounts = (scope: 'project' | 'cluster', id: number) => liveElementCounts(t.db, scope, id);

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
