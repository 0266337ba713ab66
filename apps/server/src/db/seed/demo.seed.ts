import { sql, type SQL } from 'drizzle-orm';
import { PLATFORM_NAME, type Role } from '@integration/contracts';
import type { Queryable } from '../database.ts';
import { DEMO_ASSIGNMENTS, DEMO_ORGANISATION } from './demo-organisation.ts';
import { ensureUser } from './users.seed.ts';

export const DEMO_USERS = {
  planner: { email: 'planner@example.com', password: 'planner1234' },
  field: { email: 'field@example.com', password: 'field1234' },
  viewer: { email: 'viewer@example.com', password: 'viewer1234' },
} as const;

const ALL_PLATFORMS = [PLATFORM_NAME, 'ticketing', 'materials'];

const PEOPLE: {
  email: string;
  password: string;
  name: string;
  role: Role;
  mobile: string;
  platforms: string[];
}[] = [
  {
    ...DEMO_USERS.planner,
    name: 'Grace Wanjiku',
    role: 'planner',
    mobile: '+254 712 000 101',
    platforms: ALL_PLATFORMS,
  },
  {
    ...DEMO_USERS.field,
    name: 'Brian Otieno',
    role: 'field',
    mobile: '+254 712 000 202',
    platforms: [PLATFORM_NAME, 'ticketing'],
  },
  {
    ...DEMO_USERS.viewer,
    name: 'Wanjiru Kamau',
    role: 'viewer',
    mobile: '+254 712 000 303',
    platforms: [PLATFORM_NAME],
  },
  {
    email: 'planner.mombasa@example.com',
    password: 'planner1234',
    name: 'Hassan Omar',
    role: 'planner',
    mobile: '+254 712 000 404',
    platforms: [PLATFORM_NAME],
  },
];

/** Inserts a row unless its natural key exists; answers its id either way. */
async function ensureRow(db: Queryable, insert: SQL, find: SQL): Promise<number> {
  const row =
    (await db.one<{ id: number }>(sql`${insert} ON CONFLICT DO NOTHING RETURNING id`)) ??
    (await db.one<{ id: number }>(find));
  if (!row) throw new Error('demo seed: a row was neither inserted nor found');
  return row.id;
}

/**
 * The demo organisation in Nairobi and Mombasa. Idempotent: running it twice changes nothing.
 * A demo user is assigned only when created, so one an admin took out of a CO stays out after
 * a restart.
 */
export async function seedDemo(db: Queryable): Promise<void> {
  /** The demo users created by this run, by email. */
  const created = new Map<string, number>();
  for (const person of PEOPLE) {
    const user = await ensureUser(db, person);
    if (user.created) created.set(person.email, user.id);
  }

  const officeIds = new Map<string, number>();
  const clusterIds = new Map<string, number>();
  for (const s of DEMO_ORGANISATION) {
    const sId = await ensureRow(
      db,
      sql`INSERT INTO subsidiaries (name, country) VALUES (${s.subsidiary}, ${s.country})`,
      sql`SELECT id FROM subsidiaries WHERE name = ${s.subsidiary}`,
    );
    for (const c of s.clients) {
      const cId = await ensureRow(
        db,
        sql`INSERT INTO clients (subsidiary_id, name) VALUES (${sId}, ${c.name})`,
        sql`SELECT id FROM clients WHERE subsidiary_id = ${sId} AND name = ${c.name}`,
      );
      for (const mp of c.mainProjects) {
        const mpId = await ensureRow(
          db,
          sql`INSERT INTO main_projects (client_id, name) VALUES (${cId}, ${mp.name})`,
          sql`SELECT id FROM main_projects WHERE client_id = ${cId} AND name = ${mp.name}`,
        );
        for (const p of mp.projects) {
          const pId = await ensureRow(
            db,
            sql`INSERT INTO projects (main_project_id, name, zoom) VALUES (${mpId}, ${p.name}, ${p.zoom})`,
            sql`SELECT id FROM projects WHERE main_project_id = ${mpId} AND name = ${p.name}`,
          );
          for (const o of p.offices) {
            const oId = await ensureRow(
              db,
              sql`INSERT INTO central_offices (project_id, name) VALUES (${pId}, ${o.name})`,
              sql`SELECT id FROM central_offices WHERE project_id = ${pId} AND lower(name) = lower(${o.name})`,
            );
            officeIds.set(o.name, oId);
            for (const name of o.clusters) {
              clusterIds.set(
                name,
                await ensureRow(
                  db,
                  sql`INSERT INTO clusters (central_office_id, name, naming_prefix) VALUES (${oId}, ${name}, ${o.prefix})`,
                  sql`SELECT id FROM clusters WHERE central_office_id = ${oId} AND lower(name) = lower(${name})`,
                ),
              );
            }
          }
        }
      }
    }
  }

  for (const [email, where] of Object.entries(DEMO_ASSIGNMENTS)) {
    const userId = created.get(email);
    if (userId === undefined) continue;
    for (const office of where.offices ?? []) {
      await db.rows(sql`INSERT INTO central_office_users (central_office_id, user_id)
                        VALUES (${officeIds.get(office)}, ${userId}) ON CONFLICT DO NOTHING`);
    }
    for (const cluster of where.clusters ?? []) {
      await db.rows(sql`INSERT INTO cluster_users (cluster_id, user_id)
                        VALUES (${clusterIds.get(cluster)}, ${userId}) ON CONFLICT DO NOTHING`);
    }
  }
}
