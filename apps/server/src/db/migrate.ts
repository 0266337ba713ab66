import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export class PostgisMissingError extends Error {}

/** The numbered files, in the order they apply. */
export const listMigrationFiles = async () =>
  (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();

/** Migration runs under way in this process (GET /api/health/ready says "migrating"). */
let running = 0;
export const isMigrating = () => running > 0;

const appliedMigrations = async (db: Queryable) =>
  new Set((await db.rows<{ id: string }>(sql`SELECT id FROM schema_migrations`)).map((r) => r.id));

/** Migration files of this server that the database has not recorded as applied. */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const table = await db.one<{ exists: boolean }>(
    sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`,
  );
  const done = table?.exists ? await appliedMigrations(db) : new Set<string>();
  return (await listMigrationFiles()).filter((file) => !done.has(file));
}

/**
 * Applies every numbered SQL file not yet recorded in schema_migrations, in order,
 * each in its own transaction. Returns the names applied.
 *
 * Two instances starting together never both migrate: the run holds the start-up lock
 * (on PostgreSQL a session-level pg_advisory_lock on one connection, see postgres.ts) and reads
 * what is applied only once it holds it, so the second instance waits, then finds nothing to
 * do. PGlite is one process owning its data directory: there is nobody to wait for.
 * Note: it takes the lock itself; never call it inside db.withStartupLock (on PostgreSQL the
 * lock is per connection, so that would wait for itself).
 */
export async function migrate(db: Database, options: { upTo?: string } = {}): Promise<string[]> {
  const available = await db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'postgis'`,
  );
  if (!available?.n) {
    throw new PostgisMissingError(
      'PostGIS is not installed on this PostgreSQL server. Install PostGIS 3 ' +
        '(on Debian: apt-get install postgresql-15-postgis-3) or unset DATABASE_URL ' +
        'to use the embedded database.',
    );
  }
  running++;
  try {
    return await db.withStartupLock(() => applyPending(db, options.upTo));
  } finally {
    running--;
  }
}

/** Every pending file, or those up to `upTo` included (the upgrade test builds a release's schema). */
async function applyPending(db: Database, upTo?: string): Promise<string[]> {
  // Under the lock: two instances creating the table at once can collide even with IF NOT EXISTS.
  await db.rows(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = await appliedMigrations(db);
  const applied: string[] = [];
  for (const file of await listMigrationFiles()) {
    if (upTo && file > upTo) break;
    if (done.has(file)) continue;
    const script = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await db.runScript(script, sql`INSERT INTO schema_migrations (id) VALUES (${file})`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${file} failed and was rolled back: ${reason}`, { cause: error });
    }
    applied.push(file);
  }
  return applied;
}

/** The migrations a database records as applied, in order (a backup's manifest keeps them). */
export async function appliedMigrationIds(db: Queryable): Promise<string[]> {
  return [...(await appliedMigrations(db))].sort();
}
