import { sql, type SQL } from 'drizzle-orm';
import type { CentralOffice } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { memberColumns, membership } from '../users/members.ts';

export const centralOfficesRepository = {
  list: (db: Queryable, where: SQL) =>
    db.rows<CentralOffice>(sql`
      SELECT co.id, co.name, co.project_id AS "projectId", iso_time(co.updated_at) AS "updatedAt",
             CASE WHEN co.location IS NOT NULL
               THEN json_build_object('lat', ST_Y(co.location), 'lng', ST_X(co.location)) END
               AS location,
             coalesce((SELECT json_agg(${memberColumns} ORDER BY u.name)
                       FROM central_office_users cou JOIN users u ON u.id = cou.user_id
                       WHERE cou.central_office_id = co.id), '[]'::json) AS users,
             json_build_object('clusters',
               (SELECT count(*)::int FROM clusters c WHERE c.central_office_id = co.id)) AS "_count"
      FROM central_offices co
      WHERE ${where}
      ORDER BY co.id`),

  projectOf: async (db: Queryable, id: number) =>
    (
      await db.one<{ projectId: number }>(
        sql`SELECT project_id AS "projectId" FROM central_offices WHERE id = ${id}`,
      )
    )?.projectId,

  nameTaken: async (db: Queryable, projectId: number, name: string) =>
    Boolean(
      await db.one(sql`SELECT 1 FROM central_offices
                       WHERE project_id = ${projectId} AND lower(name) = lower(${name})`),
    ),

  async create(db: Queryable, projectId: number, name: string): Promise<number> {
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO central_offices (project_id, name) VALUES (${projectId}, ${name}) RETURNING id`);
    if (!row) throw new Error('central office insert returned nothing');
    return row.id;
  },

  ...membership('centralOffice'),

  clusterNames: (db: Queryable, id: number) =>
    db.rows<{ name: string }>(
      sql`SELECT name FROM clusters WHERE central_office_id = ${id} ORDER BY name`,
    ),

  async delete(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`DELETE FROM central_offices WHERE id = ${id}`);
  },
};
