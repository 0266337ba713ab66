import { createHash } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { dialect, queryable, type Database } from './database.ts';

/** Connections per instance: mind max_connections when running several instances. */
const POOL_MAX = 10;
// Note: an arbitrary constant shared by every instance of this server.
const STARTUP_LOCK_KEY = 7_402_113;

/** A real PostgreSQL 15+ with PostGIS 3, through a connection pool. */
export async function openPostgres(url: string): Promise<Database> {
  // JIT compiles a plan whose cost estimate is high: a fibre budget's recursive walk paid
  // ~0.9 s for it on every call, never won back on queries of milliseconds to a second.
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, options: '-c jit=off' });
  // An idle connection the server ends (a restart, an administrator's command, a dropped
  // test database) is reported here; without a listener it would crash the process. The
  // pool has already let it go and opens a new one for the next query.
  pool.on('error', () => {});
  // A failed connection should say where it tried, not hang or print a stack.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to PostgreSQL at ${redact(url)}: ${reason}`, { cause: error });
  }
  const db = drizzle({ client: pool });
  return {
    kind: 'postgres',
    // Named after the text: a name stands for one text on each connection of the pool.
    ...queryable(db, async <T>(text: string, values: unknown[]) => {
      const name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      return (await pool.query<T & pg.QueryResultRow>({ name, text, values, types: asDrizzle }))
        .rows as T[];
    }),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    async runScript(script, after) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        const compiled = dialect.sqlToQuery(after);
        await client.query(compiled.sql, compiled.params);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Dates, times and intervals as PostgreSQL's text, the way drizzle's driver reads them, so that a
 * prepared query answers what `rows` does (OIDs as drizzle's node-postgres session lists them).
 */
const RAW_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asDrizzle = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
