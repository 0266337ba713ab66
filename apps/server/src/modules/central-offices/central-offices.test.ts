import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { CentralOffice } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf as seededIdOf, userIdByEmail } from '../../test/seeded.ts';

let t: TestApp;
let admin: string;
let planner: string;
let viewer: string;
const ids = {
  nairobiCbd: 0,
  kilimani: 0,
  mombasaIsland: 0,
  nairobiCentral: 0,
  planner: 0,
  field: 0,
  viewer: 0,
};

const idOf = (query: SQL, what: string) => seededIdOf(t.db, query, what);
const projectId = (name: string) => idByName(t.db, 'projects', name);
const userId = (email: string) => userIdByEmail(t.db, email);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
  viewer = await t.login('viewer@example.com', 'viewer1234');
  ids.nairobiCbd = await projectId('Nairobi CBD');
  ids.kilimani = await projectId('Kilimani');
  ids.mombasaIsland = await projectId('Mombasa Island');
  ids.nairobiCentral = await idOf(
    sql`SELECT id FROM central_offices WHERE name = 'CO Nairobi Central'`,
    'CO Nairobi Central',
  );
  ids.planner = await userId('planner@example.com');
  ids.field = await userId('field@example.com');
  ids.viewer = await userId('viewer@example.com');
});
afterAll(() => t.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...headers, ...(token ? bearer(token) : {}) } });
const post = (url: string, payload: object, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...headers, ...bearer(token) } });

const create = (payload: object, token = admin, headers: Record<string, string> = {}) =>
  post('/api/centraloffices/centraloffice/create', payload, token, headers);
const addUsers = (id: number, users: unknown[], token = admin) =>
  post(`/api/centraloffices/centraloffice/update/${id}`, { id, users }, token);
const removeUser = (id: number, user: number, token = admin) =>
  del(`/api/centraloffices/centraloffice/${id}/removeUser/${user}`, token);
const remove = (id: number, token = admin, headers: Record<string, string> = {}) =>
  del(`/api/centraloffices/centraloffice/delete/${id}`, token, headers);

/** A fresh, empty CO of Nairobi CBD, made by the admin through the API. */
async function freshOffice(name: string, project = ids.nairobiCbd): Promise<CentralOffice> {
  const response = await create({ projectId: project, name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CentralOffice }>().data;
}

async function officesOf(project: number, token = admin): Promise<CentralOffice[]> {
  const response = await get(`/api/centraloffices/project/${project}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CentralOffice[] }>().data;
}

const userIds = (office: { users: { id: number }[] }) => office.users.map((u) => u.id).sort();

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

describe('POST /api/centraloffices/centraloffice/create', () => {
  it('creates an empty CO in the project and says so', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'CO Nairobi East' });
    expect(response.statusCode).toBe(200);
    const json = response.json<{ status: boolean; data: CentralOffice; message: string }>();
    expect(json).toMatchObject({
      status: true,
      message: "Central office 'CO Nairobi East' created.",
      data: {
        name: 'CO Nairobi East',
        projectId: ids.nairobiCbd,
        users: [],
        _count: { clusters: 0 },
      },
    });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.name)).toContain('CO Nairobi East');
    // The project's planner sees it too.
    expect((await officesOf(ids.nairobiCbd, planner)).map((o) => o.id)).toContain(json.data.id);
  });

  it('trims the name', async () => {
    const office = await freshOffice('   CO Padded   ');
    expect(office.name).toBe('CO Padded');
  });

  it('refuses a name already used in the project, whatever its case, with 409', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'co NAIROBI central' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message: "A central office named 'co NAIROBI central' already exists in this project.",
    });
    expect(
      (await officesOf(ids.nairobiCbd)).filter(
        (o) => o.name.toLowerCase() === 'co nairobi central',
      ),
    ).toHaveLength(1);
  });

  it('allows the same name in another project', async () => {
    const office = await freshOffice('CO Nairobi Central', ids.kilimani);
    expect(office.projectId).toBe(ids.kilimani);
  });

  it.each([
    ['a blank name', () => ({ projectId: ids.nairobiCbd, name: '   ' }), "'name' is required."],
    ['no name', () => ({ projectId: ids.nairobiCbd }), "'name' is required."],
    ['no project', () => ({ name: 'CO X' }), "'projectId' is required."],
    ['a malformed project', () => ({ projectId: 'x', name: 'CO X' }), "'projectId'"],
  ])('refuses %s with 400 naming the field', async (_label, payload, message) => {
    const response = await create(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it('answers an admin 404 for an unknown project', async () => {
    const response = await create({ projectId: 999999, name: 'CO Nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Project 999999 was not found.');
  });

  it('is for admins only, even for the project’s planner', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'CO By Planner' }, planner);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.name)).not.toContain('CO By Planner');
  });

  it('answers in French with ?locale=fr or Accept-Language: fr', async () => {
    const created = await post(
      '/api/centraloffices/centraloffice/create?locale=fr',
      { projectId: ids.nairobiCbd, name: 'CO Gare' },
      admin,
    );
    expect(created.json().message).toBe('Central « CO Gare » créé.');
    const duplicate = await create({ projectId: ids.nairobiCbd, name: 'co gare' }, admin, {
      'accept-language': 'fr-FR,fr;q=0.9',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      'Un central nommé « co gare » existe déjà dans ce projet.',
    );
    const refused = await create({ projectId: ids.nairobiCbd, name: 'CO Y' }, planner, {
      'accept-language': 'fr',
    });
    expect(refused.json().message).toBe("Vous n'avez pas l'autorisation de faire cela.");
  });
});

describe('POST /api/centraloffices/centraloffice/update/:id (add users)', () => {
  it('adds users, and the CO’s project becomes visible to them', async () => {
    const office = await freshOffice('CO Assign');
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(403);

    const response = await addUsers(office.id, [ids.field, ids.viewer]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Users of the central office updated.',
    });
    expect(userIds(response.json<{ data: CentralOffice }>().data)).toEqual(
      [ids.field, ids.viewer].sort(),
    );
    expect(
      (await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id)?.users.map((u) => u.email),
    ).toEqual(expect.arrayContaining(['field@example.com', 'viewer@example.com']));
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(200);
  });

  it('changes nothing for users already present', async () => {
    const office = await freshOffice('CO Twice');
    await addUsers(office.id, [ids.field]);
    const again = await addUsers(office.id, [ids.field, ids.field]);
    expect(again.statusCode).toBe(200);
    expect(userIds(again.json<{ data: CentralOffice }>().data)).toEqual([ids.field]);
    const listed = (await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id);
    expect(listed?.users.map((u) => u.id)).toEqual([ids.field]);
  });

  it('refuses unknown users with 400 naming them, and adds nobody', async () => {
    const office = await freshOffice('CO Unknowns');
    const response = await addUsers(office.id, [ids.field, 999998, 999999]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: 'These users do not exist or are not on this platform: 999998, 999999.',
    });
    expect((await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id)?.users).toEqual([]);
  });

  it('refuses a user who is not on this platform', async () => {
    const outsider = await idOf(
      sql`INSERT INTO users (email, name, role) VALUES ('outsider@example.com', 'Out Sider', 'planner')
          RETURNING id`,
      'outsider',
    );
    const office = await freshOffice('CO Outsider');
    const response = await addUsers(office.id, [outsider]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `These users do not exist or are not on this platform: ${outsider}.`,
    );
  });

  it('refuses a body without users, or with malformed ids, with 400 naming the field', async () => {
    const missing = await post(
      `/api/centraloffices/centraloffice/update/${ids.nairobiCentral}`,
      {},
      admin,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("'users' is required.");
    const malformed = await addUsers(ids.nairobiCentral, ['abc']);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'users.0'");
  });

  it('answers an admin 404 for a missing CO, and 400 for a malformed id', async () => {
    const missing = await addUsers(999999, [ids.field]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'Central office 999999 was not found.',
    });
    const malformed = await post(
      '/api/centraloffices/centraloffice/update/abc',
      { users: [] },
      admin,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });

  it('is for admins only', async () => {
    const response = await addUsers(ids.nairobiCentral, [ids.field], planner);
    expect(response.statusCode).toBe(403);
    const central = (await officesOf(ids.nairobiCbd)).find((o) => o.id === ids.nairobiCentral);
    expect(central?.users.map((u) => u.id)).toEqual([ids.planner]);
  });
});

describe('DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId', () => {
  it('removes a member, who then no longer sees the project', async () => {
    const office = await freshOffice('CO Leave', ids.kilimani);
    await addUsers(office.id, [ids.viewer, ids.field]);
    expect((await get(`/api/projects/${ids.kilimani}`, viewer)).statusCode).toBe(200);

    const response = await removeUser(office.id, ids.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'User removed from the central office.',
    });
    expect(userIds(response.json<{ data: CentralOffice }>().data)).toEqual([ids.field]);
    expect((await get(`/api/projects/${ids.kilimani}`, viewer)).statusCode).toBe(403);
  });

  it('answers 404 for a user who is not a member', async () => {
    const response = await removeUser(ids.nairobiCentral, ids.field);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: `User ${ids.field} is not assigned to this central office.`,
    });
    const fr = await del(
      `/api/centraloffices/centraloffice/${ids.nairobiCentral}/removeUser/${ids.field}?locale=fr`,
      admin,
    );
    expect(fr.json().message).toBe(`L'utilisateur ${ids.field} n'est pas affecté à ce central.`);
  });

  it('answers an admin 404 for a missing CO, and 400 for malformed ids', async () => {
    const missing = await removeUser(999999, ids.field);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Central office 999999 was not found.');
    const badUser = await del(
      `/api/centraloffices/centraloffice/${ids.nairobiCentral}/removeUser/me`,
      admin,
    );
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toContain("'userId'");
  });

  it('is for admins only', async () => {
    const response = await removeUser(ids.nairobiCentral, ids.planner, planner);
    expect(response.statusCode).toBe(403);
    const central = (await officesOf(ids.nairobiCbd)).find((o) => o.id === ids.nairobiCentral);
    expect(central?.users.map((u) => u.id)).toEqual([ids.planner]);
  });
});

describe('DELETE /api/centraloffices/centraloffice/delete/:id', () => {
  it('refuses a CO that still has clusters with 409 naming them', async () => {
    const response = await remove(ids.nairobiCentral);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message:
        "Central office 'CO Nairobi Central' still has 2 cluster(s): CBD-01, CBD-02. Delete them first.",
    });
    const fr = await remove(ids.nairobiCentral, admin, { 'accept-language': 'fr' });
    expect(fr.json().message).toBe(
      "Le central « CO Nairobi Central » contient encore 2 cluster(s) : CBD-01, CBD-02. Supprimez-les d'abord.",
    );
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).toContain(ids.nairobiCentral);
  });

  it('deletes an empty CO, its user assignments with it', async () => {
    const office = await freshOffice('CO Doomed');
    await addUsers(office.id, [ids.field]);
    const response = await remove(office.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      data: null,
      message: "Central office 'CO Doomed' deleted.",
    });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).not.toContain(office.id);
    const again = await remove(office.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Central office ${office.id} was not found.`);
    // The name is free again.
    expect((await freshOffice('CO Doomed')).name).toBe('CO Doomed');
  });

  it('refuses a CO whose only cluster was just created', async () => {
    const office = await freshOffice('CO With Cluster');
    const cluster = await post(
      '/api/clusters/cluster/create',
      { centralOfficeId: office.id, name: 'NEW-01' },
      admin,
    );
    expect(cluster.statusCode).toBe(200);
    const response = await remove(office.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Central office 'CO With Cluster' still has 1 cluster(s): NEW-01. Delete them first.",
    );
  });

  it('is for admins only, and 400 for a malformed id', async () => {
    const office = await freshOffice('CO Kept');
    const refused = await remove(office.id, planner);
    expect(refused.statusCode).toBe(403);
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).toContain(office.id);
    const malformed = await remove(Number.NaN);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});

/** Runs a request after a delay: the rounds below stagger them 0–10 ms to try interleavings. */
const later = <T>(ms: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
const stagger = (round: number) => (round % 6) * 2;

describe('two admins at once', () => {
  const ROUNDS = 20;

  it('lets only one of two COs named alike in one project be created', async () => {
    const [first, second] = await Promise.all([
      create({ projectId: ids.nairobiCbd, name: 'CO Race' }),
      create({ projectId: ids.nairobiCbd, name: 'co race' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(
      (await officesOf(ids.nairobiCbd)).filter((o) => o.name.toLowerCase() === 'co race'),
    ).toHaveLength(1);
  });

  // Either the cluster comes first (the CO is kept, 409), or the delete does (the create
  // finds no CO, 404). A 500 is a server error nobody can act on.
  it('answers 409 or 404, never 500, when a CO is deleted while a cluster is created in it', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const office = await freshOffice(`CO Busy ${round}`);
      const [cluster, deleted] = await Promise.all([
        later(stagger(round), () =>
          post(
            '/api/clusters/cluster/create',
            { centralOfficeId: office.id, name: 'BUSY-01' },
            admin,
          ),
        ),
        remove(office.id),
      ]);
      outcomes.push(`create ${cluster.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['create 200, delete 409', 'create 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });

  it('answers 200 or 404, never 500, when users are added to a CO being deleted', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const office = await freshOffice(`CO Leaving ${round}`);
      const [added, deleted] = await Promise.all([
        later(stagger(round), () => addUsers(office.id, [ids.field])),
        remove(office.id),
      ]);
      outcomes.push(`add ${added.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['add 200, delete 200', 'add 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });
});
