import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export class PostgisMissingError extends Error {}

/**
 * Applies every numbered SQL file not yet recorded in schema_migrations, in order,
 * each in its own transaction. Returns the names applied.
 */
export async function migrate(db: Database): Promise<string[]> {
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
  await db.rows(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set(
    (await db.rows<{ id: string }>(sql`SELECT id FROM schema_migrations`)).map((r) => r.id),
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
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
