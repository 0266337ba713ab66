import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { CentralOffice } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf as seededIdOf, userIdByEmail } from '../../test/seeded.ts';

/** Test support for the central office API tests: one app per test file, its people and ids. */

let t: TestApp;
export let admin: string;
export let planner: string;
export let viewer: string;
export const ids = {
  nairobiCbd: 0,
  kilimani: 0,
  mombasaIsland: 0,
  nairobiCentral: 0,
  planner: 0,
  field: 0,
  viewer: 0,
};

export const idOf = (query: SQL, what: string) => seededIdOf(t.db, query, what);
const projectId = (name: string) => idByName(t.db, 'projects', name);
const userId = (email: string) => userIdByEmail(t.db, email);

/** Opens the app on its own copy of the seeded database before the file's tests, and closes it. */
export function useCentralOfficesApp(): void {
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
}

export const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...headers, ...(token ? bearer(token) : {}) } });
export const post = (
  url: string,
  payload: object,
  token: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
export const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...headers, ...bearer(token) } });

export const create = (payload: object, token = admin, headers: Record<string, string> = {}) =>
  post('/api/centraloffices/centraloffice/create', payload, token, headers);
export const addUsers = (id: number, users: unknown[], token = admin) =>
  post(`/api/centraloffices/centraloffice/update/${id}`, { id, users }, token);
export const removeUser = (id: number, user: number, token = admin) =>
  del(`/api/centraloffices/centraloffice/${id}/removeUser/${user}`, token);
export const remove = (id: number, token = admin, headers: Record<string, string> = {}) =>
  del(`/api/centraloffices/centraloffice/delete/${id}`, token, headers);

/** A fresh, empty CO of Nairobi CBD, made by the admin through the API. */
export async function freshOffice(name: string, project = ids.nairobiCbd): Promise<CentralOffice> {
  const response = await create({ projectId: project, name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CentralOffice }>().data;
}

export async function officesOf(project: number, token = admin): Promise<CentralOffice[]> {
  const response = await get(`/api/centraloffices/project/${project}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CentralOffice[] }>().data;
}

export const userIds = (office: { users: { id: number }[] }) =>
  office.users.map((u) => u.id).sort();
