import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { idByName, userIdByEmail } from '../../test/seeded.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_USERS, seedDemo } from './demo.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const officeUsers = async (office: number) =>
  (
    await t.db.rows<{ user_id: number }>(
      sql`SELECT user_id FROM central_office_users WHERE central_office_id = ${office}`,
    )
  ).map((r) => r.user_id);
const clusterUsers = async (cluster: number) =>
  (
    await t.db.rows<{ user_id: number }>(
      sql`SELECT user_id FROM cluster_users WHERE cluster_id = ${cluster}`,
    )
  ).map((r) => r.user_id);

describe('the demo seed', () => {
  it('leaves alone the assignments an admin removed from a demo user (a restart seeds again)', async () => {
    const planner = await userIdByEmail(t.db, DEMO_USERS.planner.email);
    const field = await userIdByEmail(t.db, DEMO_USERS.field.email);
    const office = await idByName(t.db, 'central_offices', 'CO Nairobi Central');
    const cluster = await idByName(t.db, 'clusters', 'CBD-01');
    expect(await officeUsers(office)).toContain(planner);
    expect(await clusterUsers(cluster)).toContain(field);

    // The admin takes the planner out of the CO and the field user out of the cluster.
    await t.db.rows(
      sql`DELETE FROM central_office_users WHERE central_office_id = ${office} AND user_id = ${planner}`,
    );
    await t.db.rows(
      sql`DELETE FROM cluster_users WHERE cluster_id = ${cluster} AND user_id = ${field}`,
    );

    // The server restarts: the seed runs again.
    await seedDemo(t.db);
    expect(await officeUsers(office)).not.toContain(planner);
    expect(await clusterUsers(cluster)).not.toContain(field);
  });
});
