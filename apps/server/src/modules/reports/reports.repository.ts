import { sql } from 'drizzle-orm';
import type { Report, ReportBody } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

const selectReports = sql`
  SELECT id, user_id AS "userId", name, metrics, visualizations,
         iso_time(created_at) AS "createdAt", iso_time(updated_at) AS "updatedAt",
         iso_time(last_run_at) AS "lastRunAt"
  FROM reports`;

export const reportsRepository = {
  ofUser: (db: Queryable, userId: number) =>
    db.rows<Report>(
      sql`${selectReports} WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC`,
    ),

  byId: (db: Queryable, id: number) => db.one<Report>(sql`${selectReports} WHERE id = ${id}`),

  async create(db: Queryable, userId: number, body: ReportBody): Promise<number> {
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO reports (user_id, name, metrics, visualizations)
      VALUES (${userId}, ${body.name}, ${JSON.stringify(body.metrics)}::jsonb,
              ${JSON.stringify(body.visualizations)}::jsonb)
      RETURNING id`);
    if (!row) throw new Error('report insert returned nothing');
    return row.id;
  },

  async update(db: Queryable, id: number, body: ReportBody): Promise<void> {
    await db.rows(sql`
      UPDATE reports SET name = ${body.name}, metrics = ${JSON.stringify(body.metrics)}::jsonb,
             visualizations = ${JSON.stringify(body.visualizations)}::jsonb, updated_at = now()
      WHERE id = ${id}`);
  },

  async ran(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`UPDATE reports SET last_run_at = now() WHERE id = ${id}`);
  },

  async delete(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`DELETE FROM reports WHERE id = ${id}`);
  },
};
