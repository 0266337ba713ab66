import { sql } from 'drizzle-orm';
import type { Queryable } from './database.ts';

const TABLES = {
  central_offices: sql.raw('central_offices'),
  clusters: sql.raw('clusters'),
  qr_templates: sql.raw('qr_templates'),
  qr_tags: sql.raw('qr_tags'),
};

/**
 * Locks a parent row for the rest of the transaction and says whether it still exists.
 * `update` before deleting it (children being added wait, then find it gone); `share`
 * before adding children (a delete waits, then counts them).
 */
export async function lockRow(
  db: Queryable,
  table: keyof typeof TABLES,
  id: number,
  mode: 'update' | 'share',
): Promise<boolean> {
  const lock = mode === 'update' ? sql`FOR UPDATE` : sql`FOR KEY SHARE`;
  return Boolean(await db.one(sql`SELECT id FROM ${TABLES[table]} WHERE id = ${id} ${lock}`));
}
