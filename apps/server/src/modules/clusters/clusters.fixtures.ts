import { afterAll, beforeAll, expect } from 'vitest';
import { emptyElementCounts, type Cluster } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, userIdByEmail } from '../../test/seeded.ts';

/** Test support for the cluster API tests: one app per test file, its people and seeded ids. */

export let t: TestApp;
export let admin: string;
export let planner: string;
export let field: string;
export let viewer: string;
export const ids = {
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

export const ZERO_COUNTS = emptyElementCounts();

export const DEFAULT_PATTERN = '{prefix}-{type}-{seq:4}';

const byName = (table: string, name: string) => idByName(t.db, table, name);
const userId = (email: string) => userIdByEmail(t.db, email);

/** Opens the app on its own copy of the seeded database before the file's tests, and closes it. */
export function useClustersApp(): void {
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
}

export const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
export const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...headers, ...bearer(token) } });

export const create = (payload: object, token = admin) =>
  post('/api/clusters/cluster/create', payload, token);
export const update = (id: number, payload: object, token = admin) =>
  post(`/api/clusters/cluster/update/${id}`, payload, token);
export const removeUser = (id: number, user: number, token = admin) =>
  del(`/api/clusters/cluster/${id}/removeUser/${user}`, token);
export const remove = (id: number, token = admin, headers: Record<string, string> = {}) =>
  del(`/api/clusters/cluster/${id}`, token, headers);

export async function cluster(id: number, token = admin): Promise<Cluster> {
  const response = await get(`/api/clusters/cluster/${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cluster }>().data;
}

export async function list(url: string, token: string): Promise<Cluster[]> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe(true);
  return response.json<{ data: Cluster[] }>().data;
}

/** A fresh, empty cluster of CO Nairobi Central (Nairobi CBD), made by the admin. */
export async function freshCluster(
  name: string,
  centralOfficeId = ids.nairobiCentral,
): Promise<Cluster> {
  const response = await create({ centralOfficeId, name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cluster }>().data;
}

export const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
