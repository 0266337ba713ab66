import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openPglite } from '../../apps/server/src/db/pglite.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import { seedDatabase } from '../../apps/server/src/db/seed/index.ts';

export interface BenchDatabase {
  db: Database;
  label: string;
  dataDir: string;
  dispose(): Promise<void>;
}

const SEED = {
  publicUrl: 'http://localhost:3000',
  adminEmail: 'admin@example.com',
  adminPassword: 'admin1234',
  seedDemo: true,
};

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A fresh, migrated and seeded database: embedded PGlite, or a scratch PostgreSQL one. */
export async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'integration-bench-'));
  let db: Database;
  let drop = async () => {};
  if (kind === 'pglite') {
    db = await openPglite({ dataDir });
  } else {
    const base =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const url = new URL(base);
    const name = `integration_bench_${process.pid}`;
    await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(base, `CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    db = await openPostgres(url.toString());
    drop = () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await migrate(db);
  await seedDatabase(db, SEED);
  return {
    db,
    label: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    dataDir,
    async dispose() {
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Is there a PostgreSQL with PostGIS to measure against? */
export async function postgresAvailable(): Promise<boolean> {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query(
      "SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'",
    );
    return rows.length > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
