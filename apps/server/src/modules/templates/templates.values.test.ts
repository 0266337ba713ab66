import { describe, expect, it } from 'vitest';
import type { TemplateAttributeEdit } from '@integration/contracts';
import {
  createPbo,
  editTemplate,
  freshTemplate,
  ids,
  readPbo,
  storedOf,
  t,
  template,
  useTemplatesApp,
  valueOf,
  who,
} from './templates.fixtures.ts';
import { bearer } from '../../test/test-app.ts';

useTemplatesApp();

const rename = (from: string, to: string) => (edits: TemplateAttributeEdit[]) =>
  edits.map((e) => (e.name === from ? { ...e, name: to, previousName: from } : e));
const remove = (name: string) => (edits: TemplateAttributeEdit[]) =>
  edits.filter((e) => e.name !== name);
const add = (edit: TemplateAttributeEdit) => (edits: TemplateAttributeEdit[]) => [...edits, edit];

const editPbo = (id: number, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/networkelements/pbofat/${id}`,
    payload: { attributes },
    headers: bearer(who.planner),
  });

describe('elements of an edited template', () => {
  it('offers a new attribute at once and gives its default to the elements made before', async () => {
    const id = await freshTemplate();
    const before = await createPbo(id, {});
    const response = await editTemplate(
      id,
      add({ name: 'Splitters', inputType: 'number', required: true, default: 2 }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(valueOf(await readPbo(before.id), 'Splitters')).toBe(2);
    const after = await createPbo(id, { Splitters: '4' });
    expect(valueOf(after, 'Splitters')).toBe(4);
  });

  it('carries values over a rename, and edits go on under the new name', async () => {
    const id = await freshTemplate();
    const element = await createPbo(id, { Type: 'Aerial' });
    expect((await editTemplate(id, rename('Type', 'Mounting'))).statusCode).toBe(200);
    const renamed = await readPbo(element.id);
    expect(valueOf(renamed, 'Mounting')).toBe('"Aerial"');
    expect(valueOf(renamed, 'Type')).toBeUndefined();
    expect(await storedOf(element.id)).not.toHaveProperty('Type');
    const edited = await editPbo(element.id, { Mounting: 'Facade' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(valueOf(await readPbo(element.id), 'Mounting')).toBe('"Facade"');
  });

  it('swaps two names in one edit', async () => {
    const id = await freshTemplate();
    const element = await createPbo(id, { Type: 'Aerial', Capacity: '16' });
    const swap = (edits: TemplateAttributeEdit[]) =>
      edits.map((e) =>
        e.name === 'Type'
          ? { ...e, name: 'Capacity', previousName: 'Type' }
          : e.name === 'Capacity'
            ? { ...e, name: 'Type', previousName: 'Capacity' }
            : e,
      );
    expect((await editTemplate(id, swap)).statusCode).toBe(200);
    const swapped = await readPbo(element.id);
    expect(valueOf(swapped, 'Capacity')).toBe('"Aerial"');
    expect(valueOf(swapped, 'Type')).toBe('"16"');
  });

  it('keeps a removed attribute on the elements that hold it, through their edits', async () => {
    const id = await freshTemplate();
    const element = await createPbo(id, { Type: 'Underground', Capacity: '8' });
    expect((await editTemplate(id, remove('Type'))).statusCode).toBe(200);
    expect(valueOf(await readPbo(element.id), 'Type')).toBeUndefined();
    const edited = await editPbo(element.id, { Capacity: '24' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedOf(element.id)).toMatchObject({ Type: '"Underground"', Capacity: '"24"' });
    // Brought back with the same options, the value shows again.
    const back = await editTemplate(
      id,
      add({ name: 'Type', inputType: 'dropdown', options: ['Aerial', 'Underground', 'Facade'] }),
    );
    expect(back.statusCode).toBe(200);
    expect(valueOf(await readPbo(element.id), 'Type')).toBe('"Underground"');
  });

  it('takes back a removed attribute a client still sends, keeping the stored value', async () => {
    const id = await freshTemplate();
    const element = await createPbo(id, { Type: 'Facade', Capacity: '8' });
    expect((await editTemplate(id, remove('Type'))).statusCode).toBe(200);
    // A copy read before the removal sends Type back with its edit.
    const stale = await editPbo(element.id, { Type: 'Aerial', Capacity: '16' });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(await storedOf(element.id)).toMatchObject({ Type: '"Facade"', Capacity: '"16"' });
    // A name the element never held is still refused.
    const unknown = await editPbo(element.id, { Colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("'Colour' is not an attribute of this template.");
  });

  it('refuses a new type that values do not fit, and takes one they fit', async () => {
    const id = await freshTemplate();
    await createPbo(id, { Capacity: '16' });
    const toNumber = (edits: TemplateAttributeEdit[]) =>
      edits.map((e) =>
        e.name === 'Capacity' ? { name: 'Capacity', inputType: 'number' as const } : e,
      );
    const refused = await editTemplate(id, toNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("1 element(s) hold values of 'Capacity'");
    // Place of Installation holds nothing: any type will do.
    const free = (edits: TemplateAttributeEdit[]) =>
      edits.map((e) =>
        e.name === 'Place of Installation' ? { name: e.name, inputType: 'boolean' as const } : e,
      );
    expect((await editTemplate(id, free)).statusCode).toBe(200);
  });

  it('refuses dropping a dropdown option that elements hold, and adds options freely', async () => {
    const id = await freshTemplate();
    await createPbo(id, { Capacity: '16' });
    const options = (list: string[]) => (edits: TemplateAttributeEdit[]) =>
      edits.map((e) => (e.name === 'Capacity' ? { ...e, options: list } : e));
    expect((await editTemplate(id, options(['8', '24']))).statusCode).toBe(409);
    expect((await editTemplate(id, options(['16', '32']))).statusCode).toBe(200);
    expect((await template(id)).attributes.find((a) => a.name === 'Capacity')?.options).toEqual([
      '16',
      '32',
    ]);
  });

  it('leaves everything as it was when an edit is refused', async () => {
    const id = await freshTemplate();
    const element = await createPbo(id, { Type: 'Aerial', Capacity: '16' });
    const before = await template(id);
    // A rename that would go through, and a retype that values refuse, in one edit.
    const both = (edits: TemplateAttributeEdit[]) =>
      rename(
        'Type',
        'Mounting',
      )(edits).map((e) =>
        e.name === 'Capacity' ? { name: 'Capacity', inputType: 'boolean' as const } : e,
      );
    expect((await editTemplate(id, both)).statusCode).toBe(409);
    expect(await template(id)).toEqual(before);
    expect(await storedOf(element.id)).toMatchObject({ Type: '"Aerial"' });
  });
});

describe('Existing Users', () => {
  it("counts the items of a PBO-FAT's FAT Existing Users ID", async () => {
    const id = await freshTemplate();
    const three = await createPbo(id, {
      'FAT Existing Users ID': JSON.stringify(['U1', 'U2', 'U3']),
    });
    expect(valueOf(three, 'Existing Users')).toBe(3);
    const none = await createPbo(id, {});
    expect(valueOf(none, 'Existing Users')).toBe('');
    const names = (await template(id)).attributes.map((a) => a.name);
    expect(names.indexOf('Existing Users')).toBe(names.indexOf('FAT Existing Users ID') + 1);
    // GIS exports carry the same number.
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/file-format/export',
      payload: { clusterId: ids.cbd01, format: 'geojson', elementIds: [three.id, none.id] },
      headers: bearer(who.planner),
    });
    expect(exported.statusCode).toBe(200);
    const features = (
      JSON.parse(exported.body) as { features: { properties: Record<string, unknown> }[] }
    ).features.map((f) => f.properties['Existing Users']);
    expect(features.sort()).toEqual([3, undefined]);
  });
});
