import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';

/** Rows of every table of ours: what a restore or an upgrade must keep, table by table. */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.rows<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('spatial_ref_sys', 'schema_migrations')
        ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const row = await db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}
