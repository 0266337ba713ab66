import { sql, type SQL } from 'drizzle-orm';
import type { Report, ReportBody } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

const selectReports = sql`
  SELECT r.id, r.user_id AS "userId", u.name AS owner, r.name, r.metrics, r.visualizations,
         r.shared_project_id AS "sharedProjectId", p.name AS "sharedProjectName",
         iso_time(r.created_at) AS "createdAt", iso_time(r.updated_at) AS "updatedAt",
         iso_time(r.last_run_at) AS "lastRunAt"
  FROM reports r
  JOIN users u ON u.id = r.user_id
  LEFT JOIN projects p ON p.id = r.shared_project_id`;

export const reportsRepository = {
  /** A user's reports, and (`sharedWith`) those shared with projects the reader may see. */
  ofUser: (db: Queryable, userId: number, sharedWith: SQL = sql`FALSE`) =>
    db.rows<Report>(sql`${selectReports}
      WHERE r.user_id = ${userId} OR (r.shared_project_id IS NOT NULL AND ${sharedWith})
      ORDER BY r.user_id <> ${userId}, r.updated_at DESC, r.id DESC`),

  byId: (db: Queryable, id: number) => db.one<Report>(sql`${selectReports} WHERE r.id = ${id}`),

  async share(db: Queryable, id: number, projectId: number | null): Promise<void> {
    await db.rows(sql`UPDATE reports SET shared_project_id = ${projectId} WHERE id = ${id}`);
  },

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
