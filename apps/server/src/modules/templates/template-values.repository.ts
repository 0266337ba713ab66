import { sql } from 'drizzle-orm';
import type { AttributeValue } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import type { StoredAttribute } from './template-edit.rules.ts';

/**
 * The values a template's elements hold, as an edit of the template moves, fills and checks
 * them. Every element of the template counts, deleted ones too (a restore brings them back).
 * Note: these are changes of the template, not of the elements: versions and history stay.
 */

// What elements store per input type (element-validation.ts normalises values so). A place
// is JSON text; elements hold lists or objects there, so other JSON counts as not fitting.
const DATE = '^\\d{4}-\\d{2}-\\d{2}';
const PLACE = '^\\s*[\\[{"]';

export const templateValuesRepository = {
  /** Locks the template for the edit; answers its project, type and attributes. */
  lockTemplate: (db: Queryable, id: number) =>
    db.one<{ projectId: number; type: string; name: string; attributes: StoredAttribute[] }>(sql`
      SELECT project_id AS "projectId", type, name, attributes
      FROM element_templates WHERE id = ${id} FOR UPDATE`),

  /** Moves values to their new keys in one pass (so swaps and chains of renames work). */
  async rename(db: Queryable, templateId: number, renames: { from: string; to: string }[]) {
    if (!renames.length) return;
    const list = JSON.stringify(renames);
    await db.rows(sql`
      UPDATE network_elements e
      SET attributes = (e.attributes - ARRAY(SELECT r."from" FROM jsonb_to_recordset(${list}::jsonb) AS r("from" text, "to" text)))
        || coalesce((SELECT jsonb_object_agg(r."to", e.attributes -> r."from")
                     FROM jsonb_to_recordset(${list}::jsonb) AS r("from" text, "to" text)
                     WHERE e.attributes -> r."from" IS NOT NULL), '{}'::jsonb)
      WHERE e.template_id = ${templateId}
        AND EXISTS (SELECT 1 FROM jsonb_to_recordset(${list}::jsonb) AS r("from" text, "to" text)
                    WHERE e.attributes -> r."from" IS NOT NULL)`);
  },

  /** Gives elements that hold no value (absent or empty) of these attributes the value. */
  async fill(db: Queryable, templateId: number, fills: { name: string; value: AttributeValue }[]) {
    if (!fills.length) return;
    const missing = sql`FROM jsonb_to_recordset(${JSON.stringify(fills)}::jsonb) AS f(name text, value jsonb)
      WHERE coalesce(e.attributes -> f.name, '""'::jsonb) IN ('""'::jsonb, 'null'::jsonb)`;
    await db.rows(sql`
      UPDATE network_elements e
      SET attributes = e.attributes || (SELECT jsonb_object_agg(f.name, f.value) ${missing})
      WHERE e.template_id = ${templateId} AND EXISTS (SELECT 1 ${missing})`);
  },

  /** Per attribute, how many elements hold a value its definition would refuse (first one). */
  async misfit(
    db: Queryable,
    templateId: number,
    defs: StoredAttribute[],
  ): Promise<{ name: string; inputType: string; count: number } | undefined> {
    if (!defs.length) return undefined;
    const checks = JSON.stringify(
      defs.map((d, ord) => ({
        ord,
        name: d.name,
        inputType: d.inputType,
        // Dropdown values are stored JSON-encoded: '"16"'.
        options: (d.options ?? []).map((o) => JSON.stringify(o)),
      })),
    );
    return db.one(sql`
      SELECT c.name, c."inputType", count(*)::int AS count
      FROM jsonb_to_recordset(${checks}::jsonb) AS c(ord int, name text, "inputType" text, options jsonb)
      JOIN network_elements e ON e.template_id = ${templateId} AND e.attributes -> c.name IS NOT NULL
      CROSS JOIN LATERAL (SELECT e.attributes -> c.name AS v) x
      WHERE x.v NOT IN ('""'::jsonb, 'null'::jsonb) AND NOT coalesce(CASE c."inputType"
        WHEN 'text' THEN jsonb_typeof(x.v) = 'string'
        WHEN 'number' THEN jsonb_typeof(x.v) = 'number'
        WHEN 'boolean' THEN jsonb_typeof(x.v) = 'boolean'
        WHEN 'date' THEN jsonb_typeof(x.v) = 'string' AND (x.v #>> '{}') ~ ${DATE}
        WHEN 'dropdown' THEN c.options @> jsonb_build_array(x.v)
        WHEN 'place' THEN jsonb_typeof(x.v) = 'string' AND (x.v #>> '{}') ~ ${PLACE}
      END, false)
      GROUP BY c.ord, c.name, c."inputType" ORDER BY c.ord LIMIT 1`);
  },

  async save(db: Queryable, templateId: number, attributes: StoredAttribute[]) {
    await db.rows(sql`
      UPDATE element_templates SET attributes = ${JSON.stringify(attributes)}::jsonb, updated_at = now()
      WHERE id = ${templateId}`);
  },
};
