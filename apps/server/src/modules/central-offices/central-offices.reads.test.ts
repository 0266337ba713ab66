import { describe, expect, it } from 'vitest';
import type { CentralOffice } from '@integration/contracts';
import {
  admin,
  get,
  ids,
  officesOf,
  planner,
  useCentralOfficesApp,
  viewer,
} from './central-offices.fixtures.ts';

useCentralOfficesApp();

describe('GET /api/centraloffices/all', () => {
  it('lists every CO to an admin with users, project and cluster count', async () => {
    const response = await get('/api/centraloffices/all', admin);
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json<{ status: boolean; data: CentralOffice[] }>();
    expect(status).toBe(true);
    expect(data.map((o) => o.name).sort()).toEqual([
      'CO Kilimani',
      'CO Mombasa Island',
      'CO Nairobi Central',
      'CO Nyali',
      'CO Upper Hill',
      'CO Westlands',
    ]);
    const central = data.find((o) => o.name === 'CO Nairobi Central');
    expect(central).toMatchObject({
      id: ids.nairobiCentral,
      projectId: ids.nairobiCbd,
      _count: { clusters: 2 },
      users: [
        { id: ids.planner, name: 'Grace Wanjiku', email: 'planner@example.com', role: 'planner' },
      ],
    });
    expect(new Date(central?.updatedAt ?? '').toISOString()).toBe(central?.updatedAt);
    expect(data.find((o) => o.name === 'CO Upper Hill')).toMatchObject({
      users: [],
      _count: { clusters: 1 },
    });
  });

  it('lists to others only the COs of their projects', async () => {
    const plannerList = (await get('/api/centraloffices/all', planner)).json<{
      data: CentralOffice[];
    }>().data;
    expect(plannerList.map((o) => o.name).sort()).toEqual([
      'CO Nairobi Central',
      'CO Upper Hill',
      'CO Westlands',
    ]);
    const viewerList = (await get('/api/centraloffices/all', viewer)).json<{
      data: CentralOffice[];
    }>().data;
    expect(viewerList.map((o) => o.name)).toEqual(['CO Mombasa Island']);
  });

  it('needs a token', async () => {
    expect((await get('/api/centraloffices/all')).statusCode).toBe(401);
  });
});

describe('GET /api/centraloffices/project/:projectId', () => {
  it("lists a visible project's COs", async () => {
    const offices = await officesOf(ids.nairobiCbd, planner);
    expect(offices.map((o) => o.name)).toEqual(['CO Nairobi Central', 'CO Upper Hill']);
    expect(offices.every((o) => o.projectId === ids.nairobiCbd)).toBe(true);
  });

  it('refuses a project the user cannot see with 403, whether or not it exists', async () => {
    for (const id of [ids.mombasaIsland, 999999]) {
      const response = await get(`/api/centraloffices/project/${id}`, planner);
      expect(response.statusCode, `project ${id}`).toBe(403);
      expect(response.json()).toMatchObject({ status: false, error: 'FORBIDDEN' });
    }
  });

  it('answers an admin 404 for a missing project and 400 for a malformed id', async () => {
    const missing = await get('/api/centraloffices/project/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: 'Project 999999 was not found.',
    });
    const malformed = await get('/api/centraloffices/project/nairobi', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'projectId'");
  });
});
