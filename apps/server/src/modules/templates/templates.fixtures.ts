import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ElementTemplate,
  ElementTypeName,
  MapElement,
  TemplateAttributeEdit,
} from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf } from '../../test/seeded.ts';
import { elementsRepository } from '../network-elements/elements.repository.ts';

/**
 * Test support for template edits: one app per file, its people, and throwaway templates of
 * Nairobi CBD (copies of the default one) so each test edits its own.
 */
export let t: TestApp;
export const who = { admin: '', planner: '', field: '', viewer: '' };
export const ids = { nairobiCbd: 0, cbd01: 0 };

export function useTemplatesApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    [who.admin, who.planner, who.field, who.viewer] = await Promise.all([
      t.login('admin@example.com', 'admin1234'),
      t.login('planner@example.com', 'planner1234'),
      t.login('field@example.com', 'field1234'),
      t.login('viewer@example.com', 'viewer1234'),
    ]);
    ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
    ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
  });
  afterAll(() => t.close());
}

let serial = 0;
/** A copy of Nairobi CBD's default template of a type, under a new name: its id. */
export async function freshTemplate(type: ElementTypeName = 'PboFat'): Promise<number> {
  serial += 1;
  return idOf(
    t.db,
    sql`INSERT INTO element_templates (project_id, type, name, attributes, style)
        SELECT project_id, type, ${`Copy ${serial}`}, attributes, style FROM element_templates
        WHERE project_id = ${ids.nairobiCbd} AND type = ${type} AND is_default RETURNING id`,
    'a template copy',
  );
}

export const template = async (id: number) =>
  (await t.db.one<{ attributes: ElementTemplate['attributes'] }>(
    sql`SELECT attributes FROM element_templates WHERE id = ${id}`,
  )) ?? { attributes: [] };

/** The template's attributes as the editor would send them back unchanged. */
export const asEdits = (attributes: ElementTemplate['attributes']): TemplateAttributeEdit[] =>
  attributes.map(({ name, inputType, required, options, default: value }) => ({
    name,
    inputType,
    required,
    ...(options ? { options } : {}),
    ...(value !== undefined ? { default: value } : {}),
  }));

export function updateTemplate(
  id: number,
  attributes: TemplateAttributeEdit[],
  token = who.planner,
  segment = 'pbofat',
  locale = 'en',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/networkelements/${segment}/templates/update/${id}`,
    payload: { attributes },
    headers: { ...(token ? bearer(token) : {}), 'x-locale': locale },
  });
}

/** Edits a template starting from its current attributes. */
export async function editTemplate(
  id: number,
  change: (edits: TemplateAttributeEdit[]) => TemplateAttributeEdit[],
  token = who.planner,
) {
  return updateTemplate(id, change(asEdits((await template(id)).attributes)), token);
}

/** Asks for a PBO-FAT in CBD-01 of the template, with these attributes. */
export const postPbo = (templateId: number, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/networkelements/pbofat/create',
    payload: {
      clusterId: ids.cbd01,
      templateId,
      coordinates: { lat: -1.28, lng: 36.82 },
      attributes,
    },
    headers: bearer(who.planner),
  });

/** A PBO-FAT in CBD-01 of the template, with these attributes: the element. */
export async function createPbo(templateId: number, attributes: Record<string, unknown>) {
  const response = await postPbo(templateId, attributes);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ data: MapElement }>().data;
}

/** An element as the API shows it now (the same JSON the element routes answer). */
export async function readPbo(id: number): Promise<MapElement> {
  const [element] = JSON.parse(await elementsRepository.byIdsJson(t.db, [id])) as MapElement[];
  if (!element) throw new Error(`no element ${id}`);
  return element;
}

export const valueOf = (element: MapElement, name: string) =>
  element.attributes.find((a) => a.name === name)?.value;

export const storedOf = async (id: number) =>
  (
    await t.db.one<{ attributes: Record<string, unknown> }>(
      sql`SELECT attributes FROM network_elements WHERE id = ${id}`,
    )
  )?.attributes ?? {};
