import { sql } from 'drizzle-orm';
import { PLATFORM_NAME } from '@integration/contracts';
import type { Queryable } from '../database.ts';
import { ensureUser } from './users.seed.ts';

export const DEMO_USERS = {
  planner: { email: 'planner@example.com', password: 'planner1234' },
  field: { email: 'field@example.com', password: 'field1234' },
} as const;

const ALL_PLATFORMS = [PLATFORM_NAME, 'ticketing', 'materials'];

async function idOf(db: Queryable, query: ReturnType<typeof sql>): Promise<number> {
  const row = await db.one<{ id: number }>(query);
  if (!row) throw new Error('demo seed: a row was neither inserted nor found');
  return row.id;
}

/** The demo organisation in Nairobi. Idempotent: running it twice changes nothing. */
export async function seedDemo(db: Queryable): Promise<void> {
  const plannerId = await ensureUser(db, {
    ...DEMO_USERS.planner,
    name: 'Grace Wanjiku',
    role: 'planner',
    mobile: '+254 712 000 101',
    platforms: ALL_PLATFORMS,
  });
  const fieldId = await ensureUser(db, {
    ...DEMO_USERS.field,
    name: 'Brian Otieno',
    role: 'field',
    mobile: '+254 712 000 202',
    platforms: [PLATFORM_NAME, 'ticketing'],
  });

  const subsidiaryId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO subsidiaries (name, country) VALUES ('Camusat Kenya', 'Kenya')
                 ON CONFLICT (name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL SELECT id FROM subsidiaries WHERE name = 'Camusat Kenya' LIMIT 1`,
  );
  const clientId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO clients (subsidiary_id, name) VALUES (${subsidiaryId}, 'Safaricom')
                 ON CONFLICT (subsidiary_id, name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL
    SELECT id FROM clients WHERE subsidiary_id = ${subsidiaryId} AND name = 'Safaricom' LIMIT 1`,
  );
  const mainProjectId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO main_projects (client_id, name) VALUES (${clientId}, 'Nairobi FTTH')
                 ON CONFLICT (client_id, name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL
    SELECT id FROM main_projects WHERE client_id = ${clientId} AND name = 'Nairobi FTTH' LIMIT 1`,
  );
  const projectId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO projects (main_project_id, name, zoom)
                 VALUES (${mainProjectId}, 'Nairobi CBD', 14)
                 ON CONFLICT (main_project_id, name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL
    SELECT id FROM projects WHERE main_project_id = ${mainProjectId} AND name = 'Nairobi CBD' LIMIT 1`,
  );
  const coId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO central_offices (project_id, name) VALUES (${projectId}, 'CO Nairobi Central')
                 ON CONFLICT (project_id, name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL
    SELECT id FROM central_offices WHERE project_id = ${projectId} AND name = 'CO Nairobi Central' LIMIT 1`,
  );
  const clusterId = await idOf(
    db,
    sql`
    WITH ins AS (INSERT INTO clusters (central_office_id, name, naming_prefix)
                 VALUES (${coId}, 'CBD-01', 'NBO')
                 ON CONFLICT (central_office_id, name) DO NOTHING RETURNING id)
    SELECT id FROM ins UNION ALL
    SELECT id FROM clusters WHERE central_office_id = ${coId} AND name = 'CBD-01' LIMIT 1`,
  );

  await db.rows(sql`INSERT INTO central_office_users (central_office_id, user_id)
                    VALUES (${coId}, ${plannerId}) ON CONFLICT DO NOTHING`);
  await db.rows(sql`INSERT INTO cluster_users (cluster_id, user_id)
                    VALUES (${clusterId}, ${fieldId}) ON CONFLICT DO NOTHING`);
}
