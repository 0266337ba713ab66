import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentCounts, OrganisationNode, Project, Subsidiary } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 28: an admin builds an organisation from nothing (subsidiary, client, main project,
 * project), renames it, and deletes it: refused with the counts while something lives under
 * it, unless the name is typed; then all of it goes at once, and the history keeps the trace.
 */
let t: TestApp;
let admin = '';
let planner = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: bearer(token),
  });
const made = async (url: string, payload: object) => {
  const r = await call('POST', url, payload);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: OrganisationNode }>().data;
};

describe('the organisation from nothing', () => {
  let subsidiary: OrganisationNode;
  let client: OrganisationNode;
  let mainProject: OrganisationNode;
  let project: OrganisationNode;

  it('is written by admins only', async () => {
    const r = await call('POST', '/country/camusat/create', { name: 'Nope' }, planner);
    expect(r.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/client/create' })).statusCode).toBe(
      401,
    );
  });

  it('builds a subsidiary, a client, a main project and a project with its settings', async () => {
    subsidiary = await made('/country/camusat/create', { name: 'Acme Tanzania', country: 'TZ' });
    // Empty, it is listed to admins (their organisation starts so), not to others.
    const all = (token: string) =>
      call('GET', '/country/camusat/all', undefined, token).then(
        (r) => r.json<{ data: Subsidiary[] }>().data,
      );
    expect((await all(admin)).map((s) => s.name)).toContain('Acme Tanzania');
    expect((await all(planner)).map((s) => s.name)).not.toContain('Acme Tanzania');
    client = await made('/client/create', { subsidiaryId: subsidiary.id, name: 'TTCL' });
    mainProject = await made('/mainproject/create', { clientId: client.id, name: 'FTTH 2027' });
    project = await made('/projects/create', {
      mainProjectId: mainProject.id,
      name: 'Dar es Salaam',
      zoom: 12,
      currency: 'TZS',
    });
    expect(project).toMatchObject({ level: 'project', parentId: mainProject.id });
    const read = await call('GET', `/projects/${project.id}`);
    expect(read.json<{ data: Project }>().data).toMatchObject({
      name: 'Dar es Salaam',
      zoom: 12,
      currency: 'TZS',
      mainProject: { id: mainProject.id, name: 'FTTH 2027' },
      client: { id: client.id, name: 'TTCL', subsidiary: { id: subsidiary.id } },
    });
  });

  it('keeps names unique within their parent, whatever the case', async () => {
    const twice = await call('POST', '/client/create', {
      subsidiaryId: subsidiary.id,
      name: 'ttcl',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(
      "A client named 'ttcl' already exists in this subsidiary.",
    );
    // Under another parent, the same name is fine.
    const other = await made('/country/camusat/create', { name: 'Acme Uganda' });
    await made('/client/create', { subsidiaryId: other.id, name: 'TTCL' });
    const missing = await call('POST', '/mainproject/create', { clientId: 999_999, name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Client 999999 was not found.');
  });

  it('renames and configures a project (ConfigureProject), taken names refused', async () => {
    const r = await call('POST', `/projects/update/${project.id}`, { name: 'Dar CBD', zoom: 14 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ message: string }>().message).toBe("'Dar CBD' saved.");
    const read = (await call('GET', `/projects/${project.id}`)).json<{ data: Project }>().data;
    expect(read).toMatchObject({ name: 'Dar CBD', zoom: 14, currency: 'TZS' });
    const bad = await call('POST', `/projects/update/${project.id}`, { zoom: 30 });
    expect(bad.statusCode).toBe(400);
    await made('/mainproject/create', { clientId: client.id, name: 'FTTH 2028' });
    const taken = await call('POST', `/mainproject/update/${mainProject.id}`, {
      name: 'FTTH 2028',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('configures the base map, phase, colour code and loss constants, in one save', async () => {
    const fresh = (await call('GET', `/projects/${project.id}`)).json<{ data: Project }>().data;
    expect(fresh).toMatchObject({ basemap: null, phase: 'In-Progress', colourScheme: 'TIA-598-C' });
    const losses = {
      ...fresh.losses,
      spliceDb: 0.05,
      fibreDbPerKm: { '1310': 0.33, '1550': 0.2 },
    };
    const saved = await call('POST', `/projects/update/${project.id}`, {
      basemap: 'satellite',
      phase: 'Completed',
      colourScheme: 'GraceTHD',
      losses,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await call('GET', `/projects/${project.id}`)).json<{ data: Project }>().data;
    expect(read).toMatchObject({
      basemap: 'satellite',
      phase: 'Completed',
      colourScheme: 'GraceTHD',
      losses,
    });
    // The fibre pages read the same settings (one place for them).
    const fibre = await call('GET', `/fibre/projects/${project.id}/settings`);
    expect(fibre.json<{ data: { colourScheme: string } }>().data.colourScheme).toBe('GraceTHD');

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/projects/update/${project.id}?locale=fr`,
      payload: { basemap: 'moon', phase: 'Cancelled' },
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(
      /Il n’y a pas de fond de carte « moon » : choisissez parmi .*satellite/,
    );
    // Nothing of a refused save is kept.
    const after = (await call('GET', `/projects/${project.id}`)).json<{ data: Project }>().data;
    expect(after.phase).toBe('Completed');
    const badPhase = await call('POST', `/projects/update/${project.id}`, { phase: 'Paused' });
    expect(badPhase.statusCode).toBe(400);
    const back = await call('POST', `/projects/update/${project.id}`, { basemap: null });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('deletes a cluster with its elements, or a CO with its clusters, once the name is typed', async () => {
    const home = await made('/projects/create', { mainProjectId: mainProject.id, name: 'Arusha' });
    const coId = (
      await call('POST', '/centraloffices/centraloffice/create', {
        projectId: home.id,
        name: 'CO A',
      })
    ).json<{ data: { id: number } }>().data.id;
    const clusterOf = async (name: string) => {
      const id = (
        await call('POST', '/clusters/cluster/create', { centralOfficeId: coId, name })
      ).json<{ data: { id: number } }>().data.id;
      const pole = await call('POST', '/networkelements/pole/create', {
        clusterId: id,
        name: `${name} pole`,
        coordinates: { lat: -3.37, lng: 36.68 },
        attributes: {},
      });
      expect(pole.statusCode, pole.body).toBe(200);
      return id;
    };
    const a1 = await clusterOf('ARU-01');
    await clusterOf('ARU-02');
    const refused = await call('DELETE', `/clusters/cluster/${a1}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ details: { counts: ContentCounts } }>().details.counts).toMatchObject({
      clusters: 0,
      elements: 1,
    });
    expect((await call('DELETE', `/clusters/cluster/${a1}?confirm=ARU-01`)).statusCode).toBe(200);
    const office = await call('DELETE', `/centraloffices/centraloffice/delete/${coId}`);
    expect(office.statusCode).toBe(409);
    expect(office.json<{ details: { counts: ContentCounts } }>().details.counts).toMatchObject({
      clusters: 1,
      elements: 1,
    });
    const gone = await call(
      'DELETE',
      `/centraloffices/centraloffice/delete/${coId}?confirm=CO%20A`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const [left] = await t.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM clusters WHERE central_office_id = ${coId}`);
    expect(left?.n).toBe(0);
  });

  it('refuses to delete what holds something unless its name is typed; then all goes', async () => {
    const co = await call('POST', '/centraloffices/centraloffice/create', {
      projectId: project.id,
      name: 'CO Kariakoo',
    });
    expect(co.statusCode, co.body).toBe(200);
    const coId = co.json<{ data: { id: number } }>().data.id;
    const cluster = await call('POST', '/clusters/cluster/create', {
      centralOfficeId: coId,
      name: 'KRK-01',
    });
    const clusterId = cluster.json<{ data: { id: number } }>().data.id;
    const pole = await call('POST', '/networkelements/pole/create', {
      clusterId,
      name: 'KRK pole',
      coordinates: { lat: -6.82, lng: 39.27 },
      attributes: {},
    });
    expect(pole.statusCode, pole.body).toBe(200);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/country/camusat/${subsidiary.id}`,
      headers: { ...bearer(admin), 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      '« Acme Tanzania » contient encore 1 client(s), 2 projet(s) principal(aux), 2 projet(s), 1 central(aux), 1 cluster(s), 1 élément(s). Saisissez son nom pour le supprimer avec tout son contenu.',
    );
    const counts: ContentCounts = {
      clients: 1,
      mainProjects: 2,
      // Dar CBD, and Arusha whose CO went above.
      projects: 2,
      centralOffices: 1,
      clusters: 1,
      elements: 1,
    };
    expect(refused.json<{ details: unknown }>().details).toEqual({ counts });
    const wrong = await call('DELETE', `/country/camusat/${subsidiary.id}?confirm=acme tanzania`);
    expect(wrong.statusCode).toBe(409);

    const gone = await call(
      'DELETE',
      `/country/camusat/${subsidiary.id}?confirm=${encodeURIComponent('Acme Tanzania')}`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json<{ data: { deleted: ContentCounts } }>().data.deleted).toEqual(counts);
    const [left] = await t.db.rows<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM clients WHERE subsidiary_id = ${subsidiary.id})
           + (SELECT count(*) FROM projects WHERE id = ${project.id})
           + (SELECT count(*) FROM central_offices WHERE id = ${coId})
           + (SELECT count(*) FROM clusters WHERE id = ${clusterId})
           + (SELECT count(*) FROM network_elements WHERE cluster_id = ${clusterId}) AS n`);
    expect(Number(left?.n)).toBe(0);
    expect((await call('GET', `/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('deletes an empty level at once, and keeps the history of it all', async () => {
    const lone = await made('/country/camusat/create', { name: 'Acme Rwanda' });
    expect((await call('DELETE', `/country/camusat/${lone.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/country/camusat/${lone.id}`)).statusCode).toBe(404);
    const history = (await call('GET', '/organisation/history')).json<{
      data: { level: string; action: string; name: string; userName: string; detail: object }[];
    }>().data;
    expect(history[0]).toMatchObject({
      level: 'subsidiary',
      action: 'delete',
      name: 'Acme Rwanda',
    });
    expect(history.map((h) => `${h.action} ${h.name}`)).toEqual(
      expect.arrayContaining(['create Dar es Salaam', 'update Dar CBD', 'delete Acme Tanzania']),
    );
    // Newest first: the first save of a name is its last entry.
    const of = (action: string, name: string) =>
      [...history].reverse().find((h) => h.action === action && h.name === name)?.detail;
    expect(of('create', 'Dar es Salaam')).toMatchObject({ zoom: 12, currency: 'TZS' });
    expect(of('update', 'Dar CBD')).toMatchObject({ zoom: 14, previousName: 'Dar es Salaam' });
    expect(history.map((h) => h.detail)).toContainEqual(
      expect.objectContaining({
        basemap: 'satellite',
        phase: 'Completed',
        colourScheme: 'GraceTHD',
      }),
    );
    expect((await call('GET', '/organisation/history', undefined, planner)).statusCode).toBe(403);
  });
});
