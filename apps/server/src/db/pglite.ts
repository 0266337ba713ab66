import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { drizzle } from 'drizzle-orm/pglite';
import { dialect, queryable, type Database } from './database.ts';

export interface PgliteDatabase extends Database {
  /** A snapshot of the whole database, to start other instances from (tests). */
  dump(): Promise<Blob>;
}

/**
 * The embedded database: PGlite + PostGIS in `dataDir/pglite`, or in memory without one.
 * Note: PGlite is one connection in this process; queries run one at a time and a
 * transaction holds everyone else back, so keep transactions short.
 */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<PgliteDatabase> {
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, {
    extensions: { postgis },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzle({ client });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    async runScript(script, after) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
        const compiled = dialect.sqlToQuery(after);
        await tx.query(compiled.sql, compiled.params);
      });
    },
    // One process owns the data directory: nothing to serialise against.
    withStartupLock: (fn) => fn(),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
