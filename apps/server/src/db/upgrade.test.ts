import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { freshDatabase } from '../test/fresh-database.ts';
import { userIdByEmail } from '../test/seeded.ts';
import { tableCounts } from '../test/table-counts.ts';
import { bearer } from '../test/test-app.ts';
import { baseTestConfig } from '../test/test-database.ts';
import type { Database } from './database.ts';
import { listMigrationFiles, migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * Upgrading the previous release's database: built from that release's migrations, seed and
 * API (scripts/make-upgrade-fixture.sh, made again whenever a migration is added), its rows
 * loaded here into a schema made by the same migration files, then this release's start-up
 * migrations applied. Nothing may be lost, and the new release must work on the old rows.
 */
const FIXTURE = path.join(import.meta.dirname, 'upgrade', 'previous-release.sql.gz');
const fixture = gunzipSync(readFileSync(FIXTURE)).toString('utf8');
const header = (name: string) =>
  new RegExp(`^-- ${name}: (.+)$`, 'm').exec(fixture)?.[1]?.trim() ?? '';
const releaseMigrations = header('migrations').split(',');
const baseUrl = process.env.DATABASE_URL;

describe(`upgrading the previous release's database (${header('release').slice(0, 10)})`, () => {
  let db: Database;
  let app: FastifyInstance;
  let drop = async () => {};
  let before: Record<string, number>;
  let applied: string[];

  beforeAll(async () => {
    if (baseUrl) {
      const target = await freshDatabase('upgrade', { postgis: false });
      db = await openPostgres(target.url);
      drop = target.drop;
    } else {
      db = await openPglite({});
    }
    const last = releaseMigrations.at(-1);
    expect(await migrate(db, { upTo: last })).toEqual(releaseMigrations);
    // The fixture holds every row of every table, the reference rows migrations insert too.
    const tables = Object.keys(await tableCounts(db)).map((table) => `"${table}"`);
    await db.runScript(`TRUNCATE ${tables.join(', ')} CASCADE;\n${fixture}`, sql`SELECT 1`);
    before = await tableCounts(db);
    applied = await migrate(db);
    app = await buildApp({ config: baseTestConfig(), db, logger: false });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await drop();
  });

  it('applies only the migrations added since, and keeps every row of every table', async () => {
    const all = await listMigrationFiles();
    expect(applied).toEqual(all.filter((file) => !releaseMigrations.includes(file)));
    expect(applied.length).toBeGreaterThan(0);
    expect(before.network_elements).toBeGreaterThan(1000);
    expect(before.element_history).toBeGreaterThan(0);
    const after = await tableCounts(db);
    for (const [table, rows] of Object.entries(before)) expect(after[table], table).toBe(rows);
  });

  it('serves the old rows: sign-in, the edited element and its history, the saved report, the organisation', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'planner@example.com', password: 'planner1234', platform: 'integration' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const planner = login.json<{ access_token: string }>().access_token;

    const edited = await db.one<{ id: number }>(
      sql`SELECT id FROM network_elements WHERE name = 'Pole edited before the upgrade'`,
    );
    expect(edited).toBeDefined();
    const history = await app.inject({
      url: `/api/networkelements/pole/${edited?.id}/history`,
      headers: bearer(planner),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);

    const plannerId = await userIdByEmail(db, 'planner@example.com');
    const reports = await app.inject({
      url: `/api/integration/reports/user/${plannerId}`,
      headers: bearer(planner),
    });
    expect(reports.body).toContain('Report saved before the upgrade');

    // The organisation API the new release adds works on the old release's organisation.
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'admin1234', platform: 'integration' },
    });
    const admin = adminLogin.json<{ access_token: string }>().access_token;
    const subsidiary = await db.one<{ id: number }>(
      sql`SELECT id FROM subsidiaries WHERE name = 'Camusat Kenya'`,
    );
    const renamed = await app.inject({
      method: 'POST',
      url: `/api/country/camusat/update/${subsidiary?.id}`,
      headers: bearer(admin),
      payload: { name: 'Camusat Kenya (upgraded)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const first = await db.one<{ id: number }>(sql`SELECT min(id)::int AS id FROM projects`);
    const project = await app.inject({
      url: `/api/projects/${first?.id}`,
      headers: bearer(admin),
    });
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json<{ data: { currency: string } }>().data.currency).toMatch(/^[A-Z]{3}$/);
  });
});
