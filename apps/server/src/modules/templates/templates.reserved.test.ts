import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MapElement, TemplateAttributeEdit } from '@integration/contracts';
import { bearer } from '../../test/test-app.ts';
import {
  createPbo,
  editTemplate,
  freshTemplate,
  ids,
  postPbo,
  readPbo,
  storedOf,
  t,
  template,
  useTemplatesApp,
  valueOf,
  who,
} from './templates.fixtures.ts';

useTemplatesApp();

const add = (edit: TemplateAttributeEdit) => (edits: TemplateAttributeEdit[]) => [...edits, edit];
const message = (response: { json: () => unknown }) =>
  (response.json() as { message: string }).message;

describe('attribute names JavaScript reads on every object', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses %s as a new name or a rename, saying so',
    async (name) => {
      const id = await freshTemplate();
      const before = await template(id);
      const added = await editTemplate(id, add({ name, inputType: 'text' }));
      expect(added.statusCode, added.body).toBe(400);
      expect(message(added)).toBe(
        `'${name}' is a reserved word: choose another name for the attribute.`,
      );
      const renamed = await editTemplate(id, (edits) =>
        edits.map((e) => (e.name === 'Type' ? { ...e, name, previousName: 'Type' } : e)),
      );
      expect(renamed.statusCode, renamed.body).toBe(400);
      expect(await template(id)).toEqual(before);
    },
  );

  it("keeps the values of an attribute named '__proto__' made before the rule", async () => {
    const id = await freshTemplate();
    await t.db.rows(sql`
      UPDATE element_templates
      SET attributes = attributes || '[{"name": "__proto__", "inputType": "text", "required": false}]'::jsonb
      WHERE id = ${id}`);
    // The spec's list form (a JSON object with a '__proto__' key is refused by the body parser).
    const kept = [{ name: '__proto__', value: 'kept' }];
    const one = await postPbo(id, kept as unknown as Record<string, unknown>);
    expect(one.statusCode, one.body).toBe(200);
    const made = one.json<{ data: MapElement }>().data;
    expect(valueOf(await readPbo(made.id), '__proto__')).toBe('kept');
    expect(await storedOf(made.id)).toHaveProperty(['__proto__'], 'kept');
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/networkelements/pbofat/create/multiple',
      headers: bearer(who.planner),
      payload: {
        data: [
          {
            clusterId: ids.cbd01,
            templateId: id,
            coordinates: { lat: -1.281, lng: 36.821 },
            attributes: [{ name: '__proto__', value: 'kept too' }],
          },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const second = batch.json<{ data: { id: number }[] }>().data[0];
    expect(valueOf(await readPbo(second?.id ?? 0), '__proto__')).toBe('kept too');
  });
});

describe('number attributes', () => {
  it('are bounded when written (|x| < 10^15), by every way in, naming the field and the bound', async () => {
    const id = await freshTemplate();
    expect(
      (await editTemplate(id, add({ name: 'Splitters', inputType: 'number' }))).statusCode,
    ).toBe(200);
    const bound = "'Splitters' must be a number between -10^15 and 10^15 (those excluded).";
    for (const value of [1e15, -1e15, '1e199', 1e300, '-2e15']) {
      const response = await postPbo(id, { Splitters: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(message(response), String(value)).toContain(bound);
    }
    const fine = await createPbo(id, { Splitters: 999_999_999_999_999 });
    expect(valueOf(fine, 'Splitters')).toBe(999_999_999_999_999);

    // An edit, a batch edit and a batch create (what an import sends) are held to it too.
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/networkelements/pbofat/${fine.id}`,
      payload: { attributes: { Splitters: 1e199 } },
      headers: bearer(who.planner),
    });
    expect(edit.statusCode).toBe(400);
    expect(message(edit)).toContain(bound);
    const editMany = await t.app.inject({
      method: 'POST',
      url: '/api/networkelements/pbofat/edit/multiple',
      payload: { data: [{ id: fine.id, attributes: { Splitters: '1e20' } }] },
      headers: bearer(who.planner),
    });
    expect(editMany.statusCode).toBe(400);
    expect(message(editMany)).toContain(bound);
    const createMany = await t.app.inject({
      method: 'POST',
      url: '/api/networkelements/pbofat/create/multiple',
      payload: {
        data: [
          {
            clusterId: ids.cbd01,
            templateId: id,
            coordinates: { lat: -1.282, lng: 36.822 },
            attributes: [{ name: 'Splitters', value: -5e15 }],
          },
        ],
      },
      headers: { ...bearer(who.planner), 'x-locale': 'fr' },
    });
    expect(createMany.statusCode).toBe(400);
    expect(message(createMany)).toContain(
      '« Splitters » doit être un nombre compris entre -10^15 et 10^15 (exclus).',
    );
    expect(valueOf(await readPbo(fine.id), 'Splitters')).toBe(999_999_999_999_999);
  });

  it('refuses a default out of bounds in the template editor', async () => {
    const id = await freshTemplate();
    const response = await editTemplate(
      id,
      add({ name: 'Splitters', inputType: 'number', default: 1e16 }),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toContain('10^15');
  });
});
