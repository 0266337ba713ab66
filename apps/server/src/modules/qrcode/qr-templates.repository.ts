import { sql, type SQL } from 'drizzle-orm';
import { TAG_NUMBER_DIGITS, type QrTemplate, type TagDetail } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** A template's row with what the rules need: its project and cluster. */
export interface QrTemplateRecord extends QrTemplate {
  projectId: number;
  clusterName: string;
}

/** The code of sequence number `seq` (SQL): prefix + the number zero-padded to 5 digits. */
export const codeSql = (prefix: SQL | string, seq: SQL) =>
  sql`${prefix} || lpad(${seq}::text, greatest(${TAG_NUMBER_DIGITS}, length(${seq}::text)), '0')`;

const selectTemplates = (where: SQL) => sql`
  SELECT q.id, q.name, q.prefix, nt.id AS "networkElementTypeId", q.type AS "elementType",
         q.cluster_id AS "clusterId", q.template_id AS "templateId", q.next_index AS "index",
         q.tag_details AS "tagDetails",
         (SELECT count(*)::int FROM qr_tags t WHERE t.qr_template_id = q.id) AS "noOfTags",
         (SELECT count(*)::int FROM qr_tags t
          WHERE t.qr_template_id = q.id AND t.scanned_at IS NOT NULL) AS scanned,
         cb.name AS "createdBy", ub.name AS "updatedBy",
         iso_time(q.created_at) AS "createdAt", iso_time(q.updated_at) AS "updatedAt",
         co.project_id AS "projectId", c.name AS "clusterName"
  FROM qr_templates q
  JOIN network_element_types nt ON nt.name = q.type
  JOIN clusters c ON c.id = q.cluster_id
  JOIN central_offices co ON co.id = c.central_office_id
  LEFT JOIN users cb ON cb.id = q.created_by
  LEFT JOIN users ub ON ub.id = q.updated_by
  WHERE ${where}
  ORDER BY q.cluster_id, q.id`;

export const qrTemplatesRepository = {
  list: (db: Queryable, where: SQL) => db.rows<QrTemplateRecord>(selectTemplates(where)),

  byId: (db: Queryable, id: number) => db.one<QrTemplateRecord>(selectTemplates(sql`q.id = ${id}`)),

  /** The cluster's project and client (Owner of tag details), if the cluster exists. */
  clusterContext: (db: Queryable, clusterId: number) =>
    db.one<{ projectId: number; clientName: string }>(sql`
      SELECT co.project_id AS "projectId", cl.name AS "clientName"
      FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id
      JOIN projects p ON p.id = co.project_id
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients cl ON cl.id = mp.client_id
      WHERE c.id = ${clusterId}`),

  /** The element template, with its project, when it is of the given type. */
  elementTemplate: (db: Queryable, templateId: number) =>
    db.one<{ projectId: number; type: string }>(sql`
      SELECT project_id AS "projectId", type FROM element_templates WHERE id = ${templateId}`),

  async create(
    db: Queryable,
    row: {
      clusterId: number;
      type: string;
      templateId: number;
      name: string;
      prefix: string;
      tagDetails: TagDetail[];
      userId: number;
    },
  ): Promise<number> {
    const created = await db.one<{ id: number }>(sql`
      INSERT INTO qr_templates (cluster_id, type, template_id, name, prefix, next_index,
                                tag_details, created_by, updated_by)
      VALUES (${row.clusterId}, ${row.type}, ${row.templateId}, ${row.name}, ${row.prefix}, 1,
              ${JSON.stringify(row.tagDetails)}::jsonb, ${row.userId}, ${row.userId})
      RETURNING id`);
    if (!created) throw new Error('qr template insert returned nothing');
    return created.id;
  },

  async update(
    db: Queryable,
    id: number,
    change: { name?: string; prefix?: string; tagDetails?: TagDetail[]; userId: number },
  ): Promise<void> {
    const details = change.tagDetails ? JSON.stringify(change.tagDetails) : null;
    await db.rows(sql`
      UPDATE qr_templates SET
        name = coalesce(${change.name ?? null}, name),
        prefix = coalesce(${change.prefix ?? null}, prefix),
        tag_details = coalesce(${details}::jsonb, tag_details),
        updated_by = ${change.userId}, updated_at = now()
      WHERE id = ${id}`);
  },

  /** Existing codes among those numbers `from`..`to` would take with `prefix` (a few). */
  clashes: async (db: Queryable, prefix: string, from: number, to: number, exceptTemplate = 0) =>
    (
      await db.rows<{ code: string }>(sql`
        SELECT code FROM qr_tags
        WHERE code IN (SELECT ${codeSql(prefix, sql`s`)} FROM generate_series(${from}::int, ${to}::int) s)
          AND qr_template_id <> ${exceptTemplate}
        ORDER BY code LIMIT 5`)
    ).map((r) => r.code),

  /** Hands out the numbers next_index .. next_index + count - 1 as new tags. */
  async addTags(db: Queryable, id: number, count: number): Promise<void> {
    await db.rows(sql`
      WITH range AS (
        UPDATE qr_templates SET next_index = next_index + ${count}
        WHERE id = ${id} RETURNING prefix, next_index - ${count} AS first, next_index - 1 AS last)
      INSERT INTO qr_tags (qr_template_id, code, seq)
      SELECT ${id}, ${codeSql(sql`range.prefix`, sql`s`)}, s
      FROM range, generate_series(range.first, range.last) s`);
  },

  /** Gives every tag of the template its code under the template's (new) prefix. */
  async recode(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`
      UPDATE qr_tags t SET code = ${codeSql(sql`q.prefix`, sql`t.seq`)}
      FROM qr_templates q WHERE q.id = ${id} AND t.qr_template_id = q.id`);
  },

  async delete(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`DELETE FROM qr_templates WHERE id = ${id}`);
  },
};
