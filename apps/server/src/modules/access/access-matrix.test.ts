import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf as seededIdOf } from '../../test/seeded.ts';

/**
 * Every route of the hierarchy, central office and cluster modules, as seen by four people:
 * nobody signed in, the viewer of another project (viewer@example.com is on Mombasa Island;
 * the targets are in Nairobi CBD), the planner of the project (planner@example.com on
 * CO Nairobi Central and cluster WST-01) and an admin.
 */
type Who = 'signedOut' | 'viewer' | 'planner' | 'admin';
const WHO: Who[] = ['signedOut', 'viewer', 'planner', 'admin'];

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

interface Row {
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The request of one cell; destructive rows make a throwaway CO or cluster here. */
  request: (who: Who) => Promise<{ url: string; payload?: object }>;
  expected: Record<Who, number>;
  /** Lists answered to everyone: does the answer include the Nairobi CBD target? */
  includesTarget?: (data: { id: number }[]) => boolean;
}

let t: TestApp;
const tokens: Partial<Record<Who, string>> = {};
const target: Target = {
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
async function throwawayOffice(withMember = false): Promise<number> {
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
async function throwawayCluster(withMember = false): Promise<number> {
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
const LIST = status(401, 200, 200, 200);
/** Readable by those who see the target's project. */
const READ = status(401, 403, 200, 200);
/** Changes only an admin may make. */
const ADMIN = status(401, 403, 403, 200);
/** Changes an admin or a planner of the cluster may make. */
const PLANNER = status(401, 403, 200, 200);
/** A target that does not exist: 403 to everyone but an admin, who gets 404. */
const MISSING = status(401, 403, 403, 404);

const has = (id: () => number) => (data: { id: number }[]) => data.some((r) => r.id === id());
const at = (url: string, payload?: object) => async () => ({ url, payload });

const ROWS: Row[] = [
  // Hierarchy
  {
    label: 'GET /api/projects/platforms',
    method: 'GET',
    request: async () => ({ url: '/api/projects/platforms?platformName=integration' }),
    expected: LIST,
    includesTarget: has(() => target.nairobiCbd),
  },
  {
    label: 'GET /api/projects/platforms?mainProjectId= (Nairobi FTTH)',
    method: 'GET',
    request: async () => ({
      url: `/api/projects/platforms?platformName=integration&mainProjectId=${target.nairobiFtth}`,
    }),
    expected: LIST,
    includesTarget: has(() => target.nairobiCbd),
  },
  {
    label: 'GET /api/projects/:id (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/projects/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/projects/:id (missing)',
    method: 'GET',
    request: at('/api/projects/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/country/camusat/all',
    method: 'GET',
    request: at('/api/country/camusat/all'),
    expected: LIST,
    includesTarget: has(() => target.camusatKenya),
  },
  {
    label: 'GET /api/client/:subsidiaryId (Camusat Kenya)',
    method: 'GET',
    request: async () => ({ url: `/api/client/${target.camusatKenya}` }),
    expected: LIST,
    includesTarget: has(() => target.safaricom),
  },
  {
    label: 'GET /api/mainproject/client/:clientId (Safaricom)',
    method: 'GET',
    request: async () => ({ url: `/api/mainproject/client/${target.safaricom}` }),
    expected: LIST,
    includesTarget: has(() => target.nairobiFtth),
  },

  // Central offices
  {
    label: 'GET /api/centraloffices/all',
    method: 'GET',
    request: at('/api/centraloffices/all'),
    expected: LIST,
    includesTarget: has(() => target.nairobiCentral),
  },
  {
    label: 'GET /api/centraloffices/project/:projectId (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/centraloffices/project/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/centraloffices/project/:projectId (missing)',
    method: 'GET',
    request: at('/api/centraloffices/project/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/create (in Nairobi CBD)',
    method: 'POST',
    request: async (who) => ({
      url: '/api/centraloffices/centraloffice/create',
      payload: { projectId: target.nairobiCbd, name: `CO created by ${who}` },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/create (in a missing project)',
    method: 'POST',
    request: at('/api/centraloffices/centraloffice/create', { projectId: 999999, name: 'CO X' }),
    expected: MISSING,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/update/:id (add a user)',
    method: 'POST',
    request: async () => {
      const id = await throwawayOffice();
      return {
        url: `/api/centraloffices/centraloffice/update/${id}`,
        payload: { id, users: [target.field] },
      };
    },
    expected: ADMIN,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/update/:id (missing CO)',
    method: 'POST',
    request: async () => ({
      url: '/api/centraloffices/centraloffice/update/999999',
      payload: { users: [target.field] },
    }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/${await throwawayOffice(true)}/removeUser/${target.field}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId (missing CO)',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/999999/removeUser/${target.field}`,
    }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/delete/:id (empty CO)',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/delete/${await throwawayOffice(true)}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/delete/:id (missing CO)',
    method: 'DELETE',
    request: at('/api/centraloffices/centraloffice/delete/999999'),
    expected: MISSING,
  },

  // Clusters
  {
    label: 'GET /api/clusters/all',
    method: 'GET',
    request: at('/api/clusters/all'),
    expected: LIST,
    includesTarget: has(() => target.cbd02),
  },
  {
    label: 'GET /api/clusters/:projectId (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/:projectId (missing)',
    method: 'GET',
    request: at('/api/clusters/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/clusters/co/:id (CO Nairobi Central)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/co/${target.nairobiCentral}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/co/:id (missing)',
    method: 'GET',
    request: at('/api/clusters/co/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/clusters/cluster/:id (CBD-02)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/cluster/${target.cbd02}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/cluster/:id (missing)',
    method: 'GET',
    request: at('/api/clusters/cluster/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/clusters/cluster/create (in CO Nairobi Central)',
    method: 'POST',
    request: async (who) => ({
      url: '/api/clusters/cluster/create',
      payload: { centralOfficeId: target.nairobiCentral, name: `NEW-${who}` },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/create (in a missing CO)',
    method: 'POST',
    request: at('/api/clusters/cluster/create', { centralOfficeId: 999999, name: 'NEW-X' }),
    expected: MISSING,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (CBD-02, planner via the CO)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.cbd02}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id namingConvention (CBD-01, planner via the CO)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.cbd01}`,
      payload: { namingConvention: { prefix: 'CBD', pattern: '{prefix}-{seq:5}' } },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (WST-01, planner assigned directly)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.wst01}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (UPH-01, planner not assigned)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.uph01}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id users (add a user)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${await throwawayCluster()}`,
      payload: { users: [target.field] },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id (missing cluster)',
    method: 'POST',
    request: at('/api/clusters/cluster/update/999999', { projectPhase: 'Completed' }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id/removeUser/:userId',
    method: 'DELETE',
    request: async () => ({
      url: `/api/clusters/cluster/${await throwawayCluster(true)}/removeUser/${target.field}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id/removeUser/:userId (missing cluster)',
    method: 'DELETE',
    request: async () => ({ url: `/api/clusters/cluster/999999/removeUser/${target.field}` }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id (empty cluster)',
    method: 'DELETE',
    request: async () => ({ url: `/api/clusters/cluster/${await throwawayCluster(true)}` }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id (missing cluster)',
    method: 'DELETE',
    request: at('/api/clusters/cluster/999999'),
    expected: MISSING,
  },
];

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

describe('the matrix', () => {
  it('has rows for every route of the three modules in the OpenAPI document', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const tags = operation.tags ?? [];
        if (tags.some((tag) => ['hierarchy', 'central offices', 'clusters'].includes(tag))) {
          documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        }
      }
    }
    const covered = new Set(
      ROWS.map((row) => `${row.method} ${(row.label.split(' ')[1] ?? '').split('?')[0]}`),
    );
    expect(documented.size).toBe(19);
    expect([...covered].sort()).toEqual([...documented].sort());
  });
});

describe.each(ROWS)('$label', (row) => {
  it.each(WHO)('as %s', async (who) => {
    const { url, payload } = await row.request(who);
    const token = who === 'signedOut' ? undefined : tokens[who];
    const response = await t.app.inject({
      method: row.method,
      url,
      payload,
      headers: token ? bearer(token) : {},
    });
    const label = `${row.method} ${url} as ${who}: ${response.body}`;
    expect(response.statusCode, label).toBe(row.expected[who]);
    const json = response.json<{ status: boolean; statusCode?: number; data?: unknown }>();
    expect(json.status, label).toBe(response.statusCode < 400);
    if (response.statusCode >= 400) expect(json.statusCode, label).toBe(response.statusCode);
    if (row.includesTarget && response.statusCode === 200) {
      expect(row.includesTarget(json.data as { id: number }[]), `${label} lists the target`).toBe(
        who !== 'viewer',
      );
    }
  });
});
