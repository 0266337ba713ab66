import { sql, type SQL } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  attributeKey,
  defaultTemplateAttributes,
  defaultTemplateStyle,
  type ElementTemplate,
  type ElementTypeName,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';

const DEFAULT_NAME = 'Default';

/** The default templates of every type, as one JSON parameter for an INSERT … SELECT. */
const DEFAULTS_JSON = JSON.stringify(
  ELEMENT_TYPES.map((t) => ({
    type: t.internalName,
    // `key` is the attribute_name of SPEC §3, stored so reads need not compute it.
    attributes: defaultTemplateAttributes(t.internalName).map((a) => ({
      ...a,
      key: attributeKey(a.name),
    })),
    style: defaultTemplateStyle(t.internalName, t.segment),
  })),
);

/**
 * `share` for element writes: an edit of the template (which locks it for update) then waits
 * for them, and they for it, so no element is checked against a template that is changing.
 */
const selectTemplates = (where: SQL, share = false) => sql`
  SELECT t.id, t.project_id AS "projectId", nt.id AS "networkElementId", t.type, t.name,
         t.is_default AS "isDefault", t.attributes, t.style
  FROM element_templates t JOIN network_element_types nt ON nt.name = t.type
  WHERE ${where}
  ORDER BY t.project_id, nt.id, t.is_default DESC, t.id
  ${share ? sql`FOR SHARE OF t` : sql``}`;

export const templatesRepository = {
  /** Gives the projects (all when none named) a default template of every type they lack. */
  async ensureDefaults(db: Queryable, projectIds?: number[]): Promise<void> {
    const which = projectIds ? sql`p.id = ANY(${intArray(projectIds)}::int[])` : sql`TRUE`;
    await db.rows(sql`
      INSERT INTO element_templates (project_id, type, name, is_default, attributes, style)
      SELECT p.id, d.type, ${DEFAULT_NAME}, true, d.attributes, d.style
      FROM projects p
      CROSS JOIN jsonb_to_recordset(${DEFAULTS_JSON}::jsonb) AS d(type text, attributes jsonb, style jsonb)
      WHERE ${which}
      ON CONFLICT DO NOTHING`);
  },

  ofProject: (db: Queryable, projectId: number, type: ElementTypeName) =>
    db.rows<ElementTemplate>(
      selectTemplates(sql`t.project_id = ${projectId} AND t.type = ${type}`),
    ),

  ofType: (db: Queryable, type: ElementTypeName, projectVisible: SQL) =>
    db.rows<ElementTemplate>(selectTemplates(sql`t.type = ${type} AND ${projectVisible}`)),

  /** Templates by id, or the default one of each (project, type) asked for. */
  byIds: (db: Queryable, ids: number[], share = false) =>
    db.rows<ElementTemplate>(selectTemplates(sql`t.id = ANY(${intArray(ids)}::int[])`, share)),

  defaultsOf: (db: Queryable, projectIds: number[], type: ElementTypeName, share = false) =>
    db.rows<ElementTemplate>(
      selectTemplates(
        sql`t.is_default AND t.type = ${type} AND t.project_id = ANY(${intArray(projectIds)}::int[])`,
        share,
      ),
    ),
};
