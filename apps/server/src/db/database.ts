import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Compiles drizzle `sql` templates to text and parameters for the raw clients. */
export const dialect = new PgDialect();

/** What repositories see: run a query, get rows. Same on PGlite and PostgreSQL. */
export interface Queryable {
  rows<T>(query: SQL): Promise<T[]>;
  one<T>(query: SQL): Promise<T | undefined>;
  /**
   * rows, for a hot query whose text does not change from call to call (its values are all
   * parameters): on PostgreSQL outside a transaction the statement is prepared once per
   * connection and its plan reused, where planning cost more than running (a fibre trace:
   * ~5 ms planned, ~2 ms run). Elsewhere the same as rows.
   */
  rowsPrepared<T>(query: SQL): Promise<T[]>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above 0 for long means the pool is too small. */
  waiting: number;
  max: number;
}

export interface Database extends Queryable {
  kind: DatabaseKind;
  /** Runs fn in one transaction; it rolls back if fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement SQL script and then `after`, in one transaction. */
  runScript(script: string, after: SQL): Promise<void>;
  /**
   * The connection pool's state now (GET /api/metrics). PGlite has no pool: one connection,
   * queries taking turns, so it answers nothing.
   */
  poolStats?(): PoolStats;
  /** Serialises start-up work (migrations, seeding) across server instances. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Both drizzle drivers answer `execute` with an object holding `rows`. */
export function queryable(
  executor: Executor,
  prepared?: <T>(text: string, params: unknown[]) => Promise<T[]>,
): Queryable {
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await executor.execute(query)) as { rows: T[] }).rows;
  return {
    rows,
    one: async <T>(query: SQL) => (await rows<T>(query))[0],
    rowsPrepared: async <T>(query: SQL) => {
      if (!prepared) return rows<T>(query);
      const compiled = dialect.sqlToQuery(query);
      return prepared<T>(compiled.sql, compiled.params);
    },
  };
}
