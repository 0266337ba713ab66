import type { Histogram } from 'prom-client';
import type { Database, Queryable } from '../db/database.ts';

async function timed<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    return await work();
  } finally {
    end();
  }
}

function timedQueryable(db: Queryable, queries: Histogram): Queryable {
  return {
    rows: (query) => timed(queries, () => db.rows(query)),
    one: (query) => timed(queries, () => db.one(query)),
    rowsPrepared: (query) => timed(queries, () => db.rowsPrepared(query)),
  };
}

/**
 * The database as the app's services see it, each statement and transaction timed (metrics).
 * Statements inside a transaction count as statements too. Everything else (kind, start-up
 * lock, close, a PGlite dump) passes through unchanged.
 */
export function timedDatabase(
  db: Database,
  histograms: { queries: Histogram; transactions: Histogram },
): Database {
  const { queries, transactions } = histograms;
  return {
    ...db,
    ...timedQueryable(db, queries),
    transaction: (fn) =>
      timed(transactions, () => db.transaction((tx) => fn(timedQueryable(tx, queries)))),
    runScript: (script, after) => timed(transactions, () => db.runScript(script, after)),
  };
}
