import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/pglite';
import { dialect, queryable, type Database, type Executor } from './database.ts';

export interface PgliteDatabase extends Database {
  /** A snapshot of the whole database, to start other instances from (tests). */
  dump(): Promise<Blob>;
  /**
   * A consistent copy of the whole database (a gzipped tar of its data directory) taken while
   * it serves: between two transactions, after a checkpoint, for a backup.
   */
  snapshot(): Promise<Blob>;
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
    ...queryable(turnTaking(db)),
    transaction: (fn) => db.transaction((tx) => fn(queryable(turnTaking(tx)))),
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
    // Inside a transaction of its own: it waits for the one under way and holds the others
    // back, so none is half-way while the files are read (the read itself is synchronous, no
    // statement runs during it), and after a CHECKPOINT the copy loads without recovery.
    snapshot: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
    close: () => client.close(),
  };
}

/**
 * Each statement waits for the event loop's next turn before it runs. PGlite runs a statement
 * synchronously and answers through promises only, so a loop of statements (an import's slices,
 * a page after page read) would otherwise run from one microtask to the next and never let the
 * server read another request: slicing the work bounded each statement but not the wait of
 * everyone else (issue 25). One turn between statements lets other requests in, and their
 * statements queue between the slices.
 */
function turnTaking(executor: Executor): Executor {
  return {
    async execute(query) {
      await nextTurn();
      return executor.execute(query);
    },
  };
}
