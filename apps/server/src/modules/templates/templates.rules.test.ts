import { describe, expect, it } from 'vitest';
import { MAX_TEMPLATE_ATTRIBUTES, type TemplateAttributeEdit } from '@integration/contracts';
import {
  asEdits,
  editTemplate,
  freshTemplate,
  template,
  updateTemplate,
  useTemplatesApp,
} from './templates.fixtures.ts';

useTemplatesApp();

const message = (response: { json: () => unknown }) =>
  (response.json() as { message: string }).message;

const without = (name: string) => (edits: TemplateAttributeEdit[]) =>
  edits.filter((e) => e.name !== name);
const changing =
  (name: string, change: Partial<TemplateAttributeEdit>) => (edits: TemplateAttributeEdit[]) =>
    edits.map((e) => (e.name === name ? { ...e, ...change } : e));
const adding = (edit: TemplateAttributeEdit) => (edits: TemplateAttributeEdit[]) => [
  ...edits,
  edit,
];

describe('attributes the server keeps', () => {
  it.each(['Name', 'Coordinates', 'Creation Date', 'Existing Users', 'FAT Existing Users ID'])(
    'refuses removing, renaming or retyping %s',
    async (name) => {
      const id = await freshTemplate();
      const before = await template(id);
      for (const change of [
        without(name),
        changing(name, { name: `${name} 2`, previousName: name }),
        changing(name, { inputType: 'boolean' }),
      ]) {
        const response = await editTemplate(id, change);
        expect(response.statusCode, response.body).toBe(400);
        expect(message(response)).toContain(name);
      }
      expect(await template(id)).toEqual(before);
    },
  );

  it("keeps a cable's Length, Capacity and Type by name", async () => {
    const id = await freshTemplate('Cable');
    const edits = asEdits((await template(id)).attributes).filter((e) => e.name !== 'Length');
    const response = await updateTemplate(id, edits, undefined, 'cable');
    expect(response.statusCode).toBe(400);
    const renamed = asEdits((await template(id)).attributes).map((e) =>
      e.name === 'Capacity' ? { ...e, name: 'Fibres', previousName: 'Capacity' } : e,
    );
    expect((await updateTemplate(id, renamed, undefined, 'cable')).statusCode).toBe(400);
  });

  it('ignores what the editor says of a derived attribute beyond its name and type', async () => {
    const id = await freshTemplate();
    const response = await editTemplate(
      id,
      changing('Coordinates', { required: true, default: 'x' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const coordinates = (await template(id)).attributes.find((a) => a.name === 'Coordinates');
    expect(coordinates).toMatchObject({ derived: true, required: false });
    expect(coordinates?.default).toBeUndefined();
  });
});

describe('the rules of a template', () => {
  it('refuses a name twice whatever its case, in English and French', async () => {
    const id = await freshTemplate();
    const response = await editTemplate(id, adding({ name: 'capacity', inputType: 'text' }));
    expect(response.statusCode).toBe(409);
    expect(message(response)).toContain("named 'capacity'");
    const edits = [
      ...asEdits((await template(id)).attributes),
      { name: 'CAPACITY', inputType: 'text' as const },
    ];
    const french = await updateTemplate(id, edits, undefined, 'pbofat', 'fr');
    expect(french.statusCode).toBe(409);
    expect(message(french)).toContain('a déjà un attribut nommé « CAPACITY »');
  });

  it('refuses a name the server computes for the type', async () => {
    const id = await freshTemplate('Pole');
    const response = await updateTemplate(
      id,
      [
        ...asEdits((await template(id)).attributes).filter((e) => e.name !== 'Owner'),
        { name: 'last modification date', inputType: 'date' },
      ],
      undefined,
      'pole',
    );
    expect(response.statusCode).toBe(409);
  });

  it('needs a default for a required attribute', async () => {
    const id = await freshTemplate();
    const response = await editTemplate(
      id,
      adding({ name: 'Splitters', inputType: 'number', required: true }),
    );
    expect(response.statusCode).toBe(400);
    expect(message(response)).toContain('needs a default value');
    const french = await updateTemplate(
      id,
      [
        ...asEdits((await template(id)).attributes),
        { name: 'Splitters', inputType: 'number', required: true },
      ],
      undefined,
      'pbofat',
      'fr',
    );
    expect(message(french)).toContain('valeur par défaut');
  });

  it('checks a default against the attribute', async () => {
    const id = await freshTemplate();
    const bad = await editTemplate(
      id,
      adding({ name: 'Splitters', inputType: 'number', default: 'two' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe("'Splitters' must be a number.");
    const option = await editTemplate(id, changing('Capacity', { default: '32' }));
    expect(option.statusCode).toBe(400);
    expect((await editTemplate(id, changing('Capacity', { default: '16' }))).statusCode).toBe(200);
    const capacity = (await template(id)).attributes.find((a) => a.name === 'Capacity');
    expect(capacity?.default).toBe('16');
  });

  it('needs options for a dropdown, each once', async () => {
    const id = await freshTemplate();
    expect(
      (await editTemplate(id, adding({ name: 'Colour', inputType: 'dropdown' }))).statusCode,
    ).toBe(400);
    const twice = await editTemplate(
      id,
      adding({ name: 'Colour', inputType: 'dropdown', options: ['Red', 'Red'] }),
    );
    expect(twice.statusCode).toBe(400);
    expect(message(twice)).toContain("'Red' twice");
  });

  it(`takes at most ${MAX_TEMPLATE_ATTRIBUTES} attributes`, async () => {
    const id = await freshTemplate();
    const edits = asEdits((await template(id)).attributes);
    const extra = Array.from({ length: MAX_TEMPLATE_ATTRIBUTES - edits.length + 1 }, (_, i) => ({
      name: `Extra ${i}`,
      inputType: 'text' as const,
    }));
    expect((await updateTemplate(id, [...edits, ...extra])).statusCode).toBe(400);
    expect((await updateTemplate(id, [...edits, ...extra.slice(1)])).statusCode).toBe(200);
  });

  it('refuses renaming an attribute the template does not have, or one attribute twice', async () => {
    const id = await freshTemplate();
    const unknown = await editTemplate(
      id,
      adding({ name: 'B', previousName: 'Nope', inputType: 'text' }),
    );
    expect(unknown.statusCode).toBe(400);
    const twice = await editTemplate(
      id,
      adding({ name: 'Kind', previousName: 'Type', inputType: 'text' }),
    );
    expect(twice.statusCode).toBe(400);
    expect(message(twice)).toContain("'Type' appears twice");
  });
});
