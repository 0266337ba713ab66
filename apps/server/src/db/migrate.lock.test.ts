import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery } from '../test/global-setup.ts';
import { migrate, pendingMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';

const databaseUrl = process.env.DATABASE_URL;

// PGlite is one process owning its data directory: two servers cannot open it at once, so
// there is nothing to race there. The PostgreSQL pass checks the lock.
describe.skipIf(!databaseUrl)('migrations of two instances starting together', () => {
  it('apply each migration once, and both start', async () => {
    const name = `integration_migrate_lock_${randomBytes(4).toString('hex')}`;
    const url = new URL(databaseUrl as string);
    url.pathname = `/${name}`;
    await adminQuery(databaseUrl as string, `CREATE DATABASE "${name}"`);
    const first = await openPostgres(url.toString());
    const second = await openPostgres(url.toString());
    try {
      const files = (await readdir(path.join(import.meta.dirname, 'migrations')))
        .filter((f) => /^\d{4}_.+\.sql$/.test(f))
        .sort();
      expect(await pendingMigrations(first)).toEqual(files);

      const runs = await Promise.allSettled([migrate(first), migrate(second)]);
      expect(runs.map((run) => run.status)).toEqual(['fulfilled', 'fulfilled']);
      const applied = runs.map((run) => (run as PromiseFulfilledResult<string[]>).value);
      // One instance applied them all, in order; the other waited and found nothing to do.
      expect([...applied].sort((a, b) => b.length - a.length)).toEqual([files, []]);

      const recorded = await first.rows<{ id: string; n: number }>(
        sql`SELECT id, count(*)::int AS n FROM schema_migrations GROUP BY id ORDER BY id`,
      );
      expect(recorded).toEqual(files.map((id) => ({ id, n: 1 })));
      expect(await pendingMigrations(second)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      await adminQuery(databaseUrl as string, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 120_000);
});
