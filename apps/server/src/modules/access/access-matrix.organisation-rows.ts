import { sql } from 'drizzle-orm';
import { ADMIN, t, target, type Row, type Who } from './access-matrix.fixtures.ts';

/*
 * The organisation's writes (issue 28): admins only. Each cell makes its own throwaway rows
 * (under Camusat Kenya › Safaricom › Nairobi FTTH), so no cell changes the demo's.
 */
let serial = 0;
const unique = (who: Who) => `MTX org ${who} ${++serial}`;
const throwaway = async (table: string, parent: string | null, parentId: number | null) => {
  const name = `MTX throwaway ${++serial}`;
  const row = await t.db.one<{ id: number }>(
    parent
      ? sql`INSERT INTO ${sql.raw(table)} (${sql.raw(parent)}, name) VALUES (${parentId}, ${name})
            RETURNING id`
      : sql`INSERT INTO ${sql.raw(table)} (name) VALUES (${name}) RETURNING id`,
  );
  return row?.id ?? 0;
};
const subsidiary = () => throwaway('subsidiaries', null, null);
const client = () => throwaway('clients', 'subsidiary_id', target.camusatKenya);
const mainProject = () => throwaway('main_projects', 'client_id', target.safaricom);
const project = () => throwaway('projects', 'main_project_id', target.nairobiFtth);

export const ORGANISATION_ROWS: Row[] = [
  {
    label: 'POST /api/country/camusat/create',
    method: 'POST',
    request: async (who) => ({
      url: '/api/country/camusat/create',
      payload: { name: unique(who) },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/client/create',
    method: 'POST',
    request: async (who) => ({
      url: '/api/client/create',
      payload: { subsidiaryId: target.camusatKenya, name: unique(who) },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/mainproject/create',
    method: 'POST',
    request: async (who) => ({
      url: '/api/mainproject/create',
      payload: { clientId: target.safaricom, name: unique(who) },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/projects/create',
    method: 'POST',
    request: async (who) => ({
      url: '/api/projects/create',
      payload: { mainProjectId: target.nairobiFtth, name: unique(who) },
    }),
    expected: ADMIN,
  },
  ...(
    [
      ['country/camusat', subsidiary],
      ['client', client],
      ['mainproject', mainProject],
      ['projects', project],
    ] as const
  ).flatMap(([path, make]): Row[] => [
    {
      label: `POST /api/${path}/update/:id`,
      method: 'POST',
      request: async (who) => ({
        url: `/api/${path}/update/${await make()}`,
        payload: { name: unique(who) },
      }),
      expected: ADMIN,
    },
    {
      label: `DELETE /api/${path}/:id`,
      method: 'DELETE',
      request: async () => ({ url: `/api/${path}/${await make()}` }),
      expected: ADMIN,
    },
  ]),
  {
    label: 'GET /api/organisation/history',
    method: 'GET',
    request: async () => ({ url: '/api/organisation/history' }),
    expected: ADMIN,
  },
];
