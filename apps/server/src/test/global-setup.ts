import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { testSeedConfig } from './test-database.ts';

/**
 * Migrates and seeds one database for the whole run; each test file then starts from a
 * copy of it (a PGlite dump, or a PostgreSQL template) instead of paying for migrations.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateUrl = new URL(databaseUrl);
    // One template per project of the run: the server's and the stall probes' set-ups run at once.
    const templateName = `${templateUrl.pathname.slice(1)}_${project.name.replace(/\W/g, '_')}_template`;
    templateUrl.pathname = `/${templateName}`;
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    await adminQuery(databaseUrl, `CREATE DATABASE "${templateName}"`);
    const db = await openPostgres(templateUrl.toString());
    await migrate(db);
    await seedDatabase(db, testSeedConfig());
    await db.close();
    project.provide('postgresTemplateUrl', templateUrl.toString());
    return () => adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
  }
  const db = await openPglite({});
  await migrate(db);
  await seedDatabase(db, testSeedConfig());
  const dump = await db.dump();
  await db.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'integration-test-db-'));
  const file = path.join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', file);
  return () => rm(dir, { recursive: true, force: true });
}

export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
