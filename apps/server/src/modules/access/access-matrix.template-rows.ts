import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, type ElementType } from '@integration/contracts';
import { idOf } from '../../test/seeded.ts';
import { MISSING, PLANNER, t, target, type Row } from './access-matrix.fixtures.ts';

/**
 * Template edits (issue 17): admins, and planners of the template's project (the matrix's
 * planner is on CO Nairobi Central of Nairobi CBD), may change a project's templates.
 */

let serial = 0;
/** A throwaway copy of Nairobi CBD's default template of the type: its id and attributes. */
async function throwawayTemplate(type: ElementType) {
  serial += 1;
  const id = await idOf(
    t.db,
    sql`INSERT INTO element_templates (project_id, type, name, attributes, style)
        SELECT project_id, type, ${`Matrix ${serial}`}, attributes, style FROM element_templates
        WHERE project_id = ${target.nairobiCbd} AND type = ${type.internalName} AND is_default
        RETURNING id`,
    `a ${type.displayName} template of Nairobi CBD`,
  );
  const row = await t.db.one<{
    attributes: { name: string; inputType: string; options?: string[] }[];
  }>(sql`SELECT attributes FROM element_templates WHERE id = ${id}`);
  // The list sent back with one text attribute more.
  const attributes = [
    ...(row?.attributes ?? []).map(({ name, inputType, options }) => ({
      name,
      inputType,
      options,
    })),
    { name: 'Matrix note', inputType: 'text' },
  ];
  return { id, payload: { attributes } };
}

/** One row per type's update route, and one of a missing template. */
export const TEMPLATE_ROWS: Row[] = [
  ...ELEMENT_TYPES.map((type): Row => ({
    label: `POST /api/networkelements/${type.segment}/templates/update/:templateId`,
    method: 'POST',
    request: async () => {
      const { id, payload } = await throwawayTemplate(type);
      return { url: `/api/networkelements/${type.segment}/templates/update/${id}`, payload };
    },
    expected: PLANNER,
  })),
  {
    label: 'POST /api/networkelements/pbofat/templates/update/:templateId (missing)',
    method: 'POST',
    request: async () => ({
      url: '/api/networkelements/pbofat/templates/update/999999',
      payload: { attributes: [{ name: 'Name', inputType: 'text' }] },
    }),
    expected: MISSING,
  },
];
