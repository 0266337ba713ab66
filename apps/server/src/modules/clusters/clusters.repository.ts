import { sql, type SQL } from 'drizzle-orm';
import type { Cluster, NamingConvention, ProjectPhase } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { memberColumns, membership } from '../users/members.ts';

/** A cluster row before counts and presence are added. */
export type ClusterRow = Omit<Cluster, '_count' | 'usersOnline' | 'canEdit' | 'location'>;

/** The centre of the live elements a condition keeps (of their bounding box), or NULL. */
const centreOf = (where: SQL) => sql`(
  SELECT ST_Centroid(ST_Extent(e.geom)::geometry) FROM network_elements e
  WHERE e.deleted_at IS NULL AND e.cluster_id IN (${where}))`;

export const clustersRepository = {
  list: (db: Queryable, where: SQL) =>
    db.rows<ClusterRow>(sql`
      SELECT c.id, c.name, co.project_id AS "projectId", c.central_office_id AS "centralOfficeId",
             json_build_object('id', co.id, 'name', co.name) AS "centralOffice",
             c.project_phase AS "projectPhase",
             json_build_object('prefix', c.naming_prefix, 'pattern', c.naming_pattern) AS "namingConvention",
             coalesce((SELECT json_agg(${memberColumns} ORDER BY u.name)
                       FROM cluster_users cu JOIN users u ON u.id = cu.user_id
                       WHERE cu.cluster_id = c.id), '[]'::json) AS users,
             iso_time(c.updated_at) AS "updatedAt"
      FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE ${where}
      ORDER BY co.id, c.id`),

  projectOf: async (db: Queryable, id: number) =>
    (
      await db.one<{ projectId: number }>(sql`
        SELECT co.project_id AS "projectId" FROM clusters c
        JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${id}`)
    )?.projectId,

  /**
   * Where a cluster is: the centre of its elements, else of its central office's other
   * clusters', else of its project's, else the project's stored location; null when none.
   * Note: COALESCE evaluates a subquery only when the ones before it gave NULL.
   */
  location: async (db: Queryable, id: number) =>
    (
      await db.one<{ location: { lat: number; lng: number } | null }>(sql`
        SELECT CASE WHEN at IS NULL THEN NULL
               ELSE json_build_object('lat', ST_Y(at), 'lng', ST_X(at)) END AS location
        FROM (
          SELECT coalesce(
            ${centreOf(sql`${id}`)},
            ${centreOf(sql`SELECT s.id FROM clusters s WHERE s.central_office_id = c.central_office_id`)},
            ${centreOf(sql`SELECT s.id FROM clusters s JOIN central_offices o ON o.id = s.central_office_id
                           WHERE o.project_id = co.project_id`)},
            p.location) AS at
          FROM clusters c
          JOIN central_offices co ON co.id = c.central_office_id
          JOIN projects p ON p.id = co.project_id
          WHERE c.id = ${id}) x`)
    )?.location ?? null,

  nameTaken: async (db: Queryable, centralOfficeId: number, name: string) =>
    Boolean(
      await db.one(sql`SELECT 1 FROM clusters
                       WHERE central_office_id = ${centralOfficeId} AND lower(name) = lower(${name})`),
    ),

  async create(db: Queryable, centralOfficeId: number, name: string): Promise<number> {
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO clusters (central_office_id, name) VALUES (${centralOfficeId}, ${name}) RETURNING id`);
    if (!row) throw new Error('cluster insert returned nothing');
    return row.id;
  },

  async update(
    db: Queryable,
    id: number,
    change: { projectPhase?: ProjectPhase; namingConvention?: NamingConvention },
  ): Promise<void> {
    await db.rows(sql`
      UPDATE clusters SET
        project_phase = coalesce(${change.projectPhase ?? null}, project_phase),
        naming_prefix = coalesce(${change.namingConvention?.prefix ?? null}, naming_prefix),
        naming_pattern = coalesce(${change.namingConvention?.pattern ?? null}, naming_pattern),
        updated_at = now()
      WHERE id = ${id}`);
  },

  ...membership('cluster'),

  /** Deletes the cluster with its already-deleted (recoverable) elements. */
  async delete(db: Queryable, id: number): Promise<void> {
    await db.rows(
      sql`DELETE FROM network_elements WHERE cluster_id = ${id} AND deleted_at IS NOT NULL`,
    );
    await db.rows(sql`DELETE FROM clusters WHERE id = ${id}`);
  },
};
