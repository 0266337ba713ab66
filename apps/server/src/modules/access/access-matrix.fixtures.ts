import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf as seededIdOf } from '../../test/seeded.ts';

/**
 * Every route of the hierarchy, central office and cluster modules, as seen by four people:
 * nobody signed in, the viewer of another project (viewer@example.com is on Mombasa Island;
 * the targets are in Nairobi CBD), the planner of the project (planner@example.com on
 * CO Nairobi Central and cluster WST-01) and an admin.
 */
export type Who = 'signedOut' | 'viewer' | 'planner' | 'admin';
export const WHO: Who[] = ['signedOut', 'viewer', 'planner', 'admin'];

interface Target {
  nairobiCbd: number;
  nairobiFtth: number;
  camusatKenya: number;
  safaricom: number;
  nairobiCentral: number;
  cbd01: number;
  cbd02: number;
  uph01: number;
  wst01: number;
  field: number;
}

export interface Row {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The request of one cell; destructive rows make a throwaway CO or cluster here. */
  request: (
    who: Who,
  ) => Promise<{ url: string; payload?: object | Buffer; headers?: Record<string, string> }>;
  expected: Record<Who, number>;
  /** Lists answered to everyone: does the answer include the Nairobi CBD target? */
  includesTarget?: (data: { id: number }[]) => boolean;
}

export let t: TestApp;
export const tokens: Partial<Record<Who, string>> = {};
export const target: Target = {
  nairobiCbd: 0,
  nairobiFtth: 0,
  camusatKenya: 0,
  safaricom: 0,
  nairobiCentral: 0,
  cbd01: 0,
  cbd02: 0,
  uph01: 0,
  wst01: 0,
  field: 0,
};

const idOf = (query: SQL) => seededIdOf(t.db, query, 'an access matrix target');
const byName = (table: string, name: string) => idByName(t.db, table, name);

let serial = 0;
/** A throwaway CO of Nairobi CBD, optionally with the field user assigned. */
export async function throwawayOffice(withMember = false): Promise<number> {
  serial += 1;
  const id = await idOf(sql`INSERT INTO central_offices (project_id, name)
                            VALUES (${target.nairobiCbd}, ${`CO matrix ${serial}`}) RETURNING id`);
  if (withMember) {
    await t.db.rows(sql`INSERT INTO central_office_users (central_office_id, user_id)
                        VALUES (${id}, ${target.field})`);
  }
  return id;
}
/** A throwaway cluster of CO Nairobi Central, optionally with the field user assigned. */
export async function throwawayCluster(withMember = false): Promise<number> {
  serial += 1;
  const id = await idOf(sql`INSERT INTO clusters (central_office_id, name)
                            VALUES (${target.nairobiCentral}, ${`MTX-${serial}`}) RETURNING id`);
  if (withMember) {
    await t.db.rows(
      sql`INSERT INTO cluster_users (cluster_id, user_id) VALUES (${id}, ${target.field})`,
    );
  }
  return id;
}

const status = (signedOut: number, viewer: number, planner: number, admin: number) => ({
  signedOut,
  viewer,
  planner,
  admin,
});
/** Readable by anyone signed in (a list, filtered to what they may see). */
export const LIST = status(401, 200, 200, 200);
/** Readable by those who see the target's project. */
export const READ = status(401, 403, 200, 200);
/** Changes only an admin may make. */
export const ADMIN = status(401, 403, 403, 200);
/** Changes an admin or a planner of the cluster may make. */
export const PLANNER = status(401, 403, 200, 200);
/** A target that does not exist: 403 to everyone but an admin, who gets 404. */
export const MISSING = status(401, 403, 403, 404);

export const has = (id: () => number) => (data: { id: number }[]) =>
  data.some((r) => r.id === id());
export const at = (url: string, payload?: object) => async () => ({ url, payload });

/** Opens the app on its own copy of the seeded database before the file's tests, and closes it. */
export function useAccessMatrixApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    tokens.viewer = await t.login('viewer@example.com', 'viewer1234');
    tokens.planner = await t.login('planner@example.com', 'planner1234');
    tokens.admin = await t.login('admin@example.com', 'admin1234');
    target.nairobiCbd = await byName('projects', 'Nairobi CBD');
    target.nairobiFtth = await byName('main_projects', 'Nairobi FTTH');
    target.camusatKenya = await byName('subsidiaries', 'Camusat Kenya');
    target.safaricom = await byName('clients', 'Safaricom');
    target.nairobiCentral = await byName('central_offices', 'CO Nairobi Central');
    target.cbd01 = await byName('clusters', 'CBD-01');
    target.cbd02 = await byName('clusters', 'CBD-02');
    target.uph01 = await byName('clusters', 'UPH-01');
    target.wst01 = await byName('clusters', 'WST-01');
    target.field = await idOf(sql`SELECT id FROM users WHERE email = 'field@example.com'`);
  });
  afterAll(() => t.close());
}

/** One cell of the matrix: the row's request, made as `who`, answers the expected status. */
export async function expectCell(row: Row, who: Who): Promise<void> {
  const { url, payload, headers = {} } = await row.request(who);
  const token = who === 'signedOut' ? undefined : tokens[who];
  const response = await t.app.inject({
    method: row.method,
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  const label = `${row.method} ${url} as ${who}: ${json ? response.body : response.headers['content-type']}`;
  expect(response.statusCode, label).toBe(row.expected[who]);
  // Documents (a PDF, a spreadsheet, a photo) answer their own bytes, not the envelope.
  if (!json && response.statusCode === 200) return;
  const body = response.json<{ status: boolean; statusCode?: number; data?: unknown }>();
  expect(body.status, label).toBe(response.statusCode < 400);
  if (response.statusCode >= 400) expect(body.statusCode, label).toBe(response.statusCode);
  if (row.includesTarget && response.statusCode === 200) {
    expect(row.includesTarget(body.data as { id: number }[]), `${label} lists the target`).toBe(
      who !== 'viewer',
    );
  }
}
