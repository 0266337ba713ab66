import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, MainProject, Project, Subsidiary } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName as seededIdByName, liveElementCounts } from '../../test/seeded.ts';
import { emptyElementCounts } from '@integration/contracts';

let t: TestApp;
const tokens = { admin: '', planner: '', field: '', viewer: '', plannerMombasa: '' };
const ids = {
  nairobiCbd: 0,
  westlands: 0,
  kilimani: 0,
  nairobiFtth: 0,
  mombasaFtth: 0,
  camusatKenya: 0,
  safaricom: 0,
};

const ZERO_COUNTS = emptyElementCounts();
const liveCounts = (scope: 'project' | 'cluster', id: number) => liveElementCounts(t.db, scope, id);
const idByName = (table: 'projects' | 'main_projects' | 'subsidiaries' | 'clients', name: string) =>
  seededIdByName(t.db, table, name);

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login('admin@example.com', 'admin1234');
  tokens.planner = await t.login('planner@example.com', 'planner1234');
  tokens.field = await t.login('field@example.com', 'field1234');
  tokens.viewer = await t.login('viewer@example.com', 'viewer1234');
  tokens.plannerMombasa = await t.login('planner.mombasa@example.com', 'planner1234');
  ids.nairobiCbd = await idByName('projects', 'Nairobi CBD');
  ids.westlands = await idByName('projects', 'Westlands');
  ids.kilimani = await idByName('projects', 'Kilimani');
  ids.nairobiFtth = await idByName('main_projects', 'Nairobi FTTH');
  ids.mombasaFtth = await idByName('main_projects', 'Mombasa FTTH');
  ids.camusatKenya = await idByName('subsidiaries', 'Camusat Kenya');
  ids.safaricom = await idByName('clients', 'Safaricom');
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });

async function projects(token: string, query = '') {
  const response = await get(`/api/projects/platforms?platformName=integration${query}`, token);
  expect(response.statusCode).toBe(200);
  const json = response.json<{ status: boolean; data: Project[] }>();
  expect(json.status).toBe(true);
  return json.data;
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

describe('GET /api/projects/platforms', () => {
  it('lists every project to an admin with the fields the project screen reads', async () => {
    const data = await projects(tokens.admin);
    expect(names(data)).toEqual([
      'Kilimani',
      'Mombasa Island',
      'Nairobi CBD',
      'Nyali',
      'Westlands',
    ]);
    const cbd = data.find((p) => p.name === 'Nairobi CBD');
    expect(cbd).toMatchObject({
      id: ids.nairobiCbd,
      zoom: 14,
      mainProjectId: ids.nairobiFtth,
      mainProject: { id: ids.nairobiFtth, name: 'Nairobi FTTH' },
      client: {
        id: ids.safaricom,
        name: 'Safaricom',
        subsidiary: { id: ids.camusatKenya, name: 'Camusat Kenya' },
      },
      usersOnline: [],
    });
    for (const project of data) {
      // Every type appears, counted as the table holds them (zero where none).
      expect(project._count, project.name).toEqual(await liveCounts('project', project.id));
      expect(project.usersOnline, project.name).toEqual([]);
      expect(new Date(project.updatedAt).toISOString(), project.name).toBe(project.updatedAt);
      expect(new Date(project.createdAt).toISOString(), project.name).toBe(project.createdAt);
    }
    const kilimani = data.find((p) => p.name === 'Kilimani');
    expect(kilimani?.zoom).toBe(15);
    expect(kilimani?._count).toEqual(ZERO_COUNTS);
    expect(data.find((p) => p.name === 'Mombasa Island')?.client.subsidiary.name).toBe(
      'Camusat East Africa',
    );
  });

  it('answers the same without the platformName parameter', async () => {
    const without = await get('/api/projects/platforms', tokens.admin);
    expect(without.statusCode).toBe(200);
    expect(names(without.json<{ data: Project[] }>().data)).toEqual(
      names(await projects(tokens.admin)),
    );
  });

  it.each([
    ['planner@example.com', 'planner', ['Nairobi CBD', 'Westlands']],
    ['field@example.com', 'field', ['Nairobi CBD', 'Nyali']],
    ['viewer@example.com', 'viewer', ['Mombasa Island']],
    ['planner.mombasa@example.com', 'plannerMombasa', ['Mombasa Island', 'Nyali']],
  ] as const)('shows %s only the projects they are assigned to', async (_email, who, expected) => {
    expect(names(await projects(tokens[who]))).toEqual(expected);
  });

  it('shows a user assigned nowhere no project at all', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(tokens.admin),
      payload: {
        email: 'nowhere@example.com',
        name: 'No Where',
        role: 'planner',
        password: 'temporary-1',
      },
    });
    expect(invited.statusCode).toBe(201);
    const nowhere = await t.login('nowhere@example.com', 'temporary-1');
    expect(await projects(nowhere)).toEqual([]);
    const subsidiaries = await get('/api/country/camusat/all', nowhere);
    expect(subsidiaries.json()).toEqual({ status: true, data: [] });
  });

  it('filters by ?mainProjectId=', async () => {
    expect(names(await projects(tokens.admin, `&mainProjectId=${ids.nairobiFtth}`))).toEqual([
      'Nairobi CBD',
      'Westlands',
    ]);
    expect(names(await projects(tokens.admin, `&mainProjectId=${ids.mombasaFtth}`))).toEqual([
      'Nyali',
    ]);
    // The filter narrows what the user may see; it never widens it.
    expect(await projects(tokens.planner, `&mainProjectId=${ids.mombasaFtth}`)).toEqual([]);
    expect(names(await projects(tokens.field, `&mainProjectId=${ids.mombasaFtth}`))).toEqual([
      'Nyali',
    ]);
    expect(await projects(tokens.admin, '&mainProjectId=999999')).toEqual([]);
  });

  it('refuses a malformed mainProjectId with 400 naming it', async () => {
    const response = await get('/api/projects/platforms?mainProjectId=abc', tokens.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      statusCode: 400,
      error: 'VALIDATION_ERROR',
    });
    expect(response.json().message).toContain("'mainProjectId'");
  });

  it('needs a token', async () => {
    const response = await get('/api/projects/platforms');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      status: false,
      statusCode: 401,
      error: 'UNAUTHORIZED',
      message: 'You are not signed in, or your session has expired. Please sign in again.',
    });
  });

  it('lists the project changed last first', async () => {
    const before = (await projects(tokens.admin)).find((p) => p.name === 'Kilimani');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/centraloffices/centraloffice/create',
      headers: bearer(tokens.admin),
      payload: { projectId: ids.kilimani, name: 'CO Kilimani South' },
    });
    expect(created.statusCode).toBe(200);
    const after = await projects(tokens.admin);
    expect(after[0]?.name).toBe('Kilimani');
    expect(Date.parse(after[0]?.updatedAt ?? '')).toBeGreaterThan(
      Date.parse(before?.updatedAt ?? ''),
    );
  });
});

describe('GET /api/projects/:id', () => {
  it('answers a visible project with the same fields as the list', async () => {
    const response = await get(`/api/projects/${ids.nairobiCbd}`, tokens.planner);
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json<{ status: boolean; data: Project }>();
    expect(status).toBe(true);
    const fromList = (await projects(tokens.planner)).find((p) => p.id === ids.nairobiCbd);
    expect(data).toEqual(fromList);
    expect(data._count).toEqual(await liveCounts('project', ids.nairobiCbd));
    expect(data).toMatchObject({
      name: 'Nairobi CBD',
      zoom: 14,
      usersOnline: [],
      client: { name: 'Safaricom', subsidiary: { name: 'Camusat Kenya' } },
      mainProject: { name: 'Nairobi FTTH' },
    });
  });

  it('refuses a project the user cannot see with 403, whether or not it exists', async () => {
    for (const id of [ids.kilimani, 999999]) {
      const response = await get(`/api/projects/${id}`, tokens.planner);
      expect(response.statusCode, `project ${id}`).toBe(403);
      expect(response.json()).toEqual({
        status: false,
        statusCode: 403,
        error: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
      });
    }
  });

  it('answers an admin 404 for a missing project', async () => {
    const response = await get('/api/projects/999999', tokens.admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: 'Project 999999 was not found.',
    });
    const fr = await get('/api/projects/999999?locale=fr', tokens.admin);
    expect(fr.json().message).toBe('Le projet 999999 est introuvable.');
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'refuses the malformed id %s with 400 naming the id',
    async (id) => {
      const response = await get(`/api/projects/${id}`, tokens.admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain("'id'");
    },
  );
});

describe('subsidiaries → clients → main projects → projects', () => {
  const list = async <T>(url: string, token: string) => {
    const response = await get(url, token);
    expect(response.statusCode, url).toBe(200);
    expect(response.json().status).toBe(true);
    return response.json<{ data: T[] }>().data;
  };

  it('walks the whole organisation as an admin', async () => {
    const subsidiaries = await list<Subsidiary>('/api/country/camusat/all', tokens.admin);
    expect(subsidiaries.map((s) => s.name)).toEqual(['Camusat East Africa', 'Camusat Kenya']);
    expect(subsidiaries.every((s) => s.country === 'Kenya')).toBe(true);

    const kenya = subsidiaries.find((s) => s.name === 'Camusat Kenya');
    const clients = await list<Client>(`/api/client/${kenya?.id}`, tokens.admin);
    expect(clients.map((c) => c.name)).toEqual(['Jamii Telecom', 'Safaricom']);
    expect(clients.every((c) => c.subsidiaryId === kenya?.id)).toBe(true);

    const safaricom = clients.find((c) => c.name === 'Safaricom');
    const mains = await list<MainProject>(`/api/mainproject/client/${safaricom?.id}`, tokens.admin);
    expect(mains.map((m) => m.name)).toEqual(['Mombasa FTTH', 'Nairobi FTTH']);
    expect(mains.every((m) => m.clientId === safaricom?.id)).toBe(true);

    const nairobi = mains.find((m) => m.name === 'Nairobi FTTH');
    expect(names(await projects(tokens.admin, `&mainProjectId=${nairobi?.id}`))).toEqual([
      'Nairobi CBD',
      'Westlands',
    ]);
  });

  it('shows a planner only the branches leading to their projects', async () => {
    expect(
      (await list<Subsidiary>('/api/country/camusat/all', tokens.planner)).map((s) => s.name),
    ).toEqual(['Camusat Kenya']);
    expect(
      (await list<Client>(`/api/client/${ids.camusatKenya}`, tokens.planner)).map((c) => c.name),
    ).toEqual(['Safaricom']);
    expect(
      (await list<MainProject>(`/api/mainproject/client/${ids.safaricom}`, tokens.planner)).map(
        (m) => m.name,
      ),
    ).toEqual(['Nairobi FTTH']);
  });

  it('shows the Mombasa planner the Mombasa branches of both subsidiaries', async () => {
    const who = tokens.plannerMombasa;
    expect((await list<Subsidiary>('/api/country/camusat/all', who)).map((s) => s.name)).toEqual([
      'Camusat East Africa',
      'Camusat Kenya',
    ]);
    expect((await list<Client>(`/api/client/${ids.camusatKenya}`, who)).map((c) => c.name)).toEqual(
      ['Safaricom'],
    );
    expect(
      (await list<MainProject>(`/api/mainproject/client/${ids.safaricom}`, who)).map((m) => m.name),
    ).toEqual(['Mombasa FTTH']);
  });

  it('shows a viewer nothing under a subsidiary they have no project in', async () => {
    expect(
      (await list<Subsidiary>('/api/country/camusat/all', tokens.viewer)).map((s) => s.name),
    ).toEqual(['Camusat East Africa']);
    expect(await list<Client>(`/api/client/${ids.camusatKenya}`, tokens.viewer)).toEqual([]);
    expect(
      await list<MainProject>(`/api/mainproject/client/${ids.safaricom}`, tokens.viewer),
    ).toEqual([]);
  });

  it.each([
    ['/api/client/abc', "'subsidiaryId'"],
    ['/api/client/0', "'subsidiaryId'"],
    ['/api/mainproject/client/x1', "'clientId'"],
  ])('refuses %s with 400 naming the parameter', async (url, field) => {
    const response = await get(url, tokens.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(field);
  });

  it('needs a token for every level', async () => {
    for (const url of [
      '/api/country/camusat/all',
      `/api/client/${ids.camusatKenya}`,
      `/api/mainproject/client/${ids.safaricom}`,
      `/api/projects/${ids.nairobiCbd}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
