import { describe, expect, it } from 'vitest';
import type { QrTemplate } from '@integration/contracts';
import {
  createTemplate,
  del,
  elementOf,
  firstTag,
  freshPrefix,
  get,
  ids,
  post,
  scan,
  tagsOf,
  tokens,
  useQrApp,
} from './qr.fixtures.ts';

useQrApp();

const create = (body: object, token = tokens.admin, url = '/api/qrcode/templates/create') =>
  post(
    url,
    {
      name: 'Batch',
      noOfTags: 2,
      prefix: freshPrefix(),
      networkElementTypeId: 3,
      clusterId: ids.cbd01,
      templateId: ids.poleTemplate,
      ...body,
    },
    token,
  );
const update = (id: number, body: object, token = tokens.admin) =>
  post(`/api/qrcode/templates/update/${id}`, body, token);

describe('POST /api/qrcode/templates/create', () => {
  it('creates the template with its numbered tags, Owner filled with the client', async () => {
    const prefix = freshPrefix();
    const response = await create({
      name: 'Poles north',
      noOfTags: 3,
      prefix: prefix.toLowerCase(),
      tagDetails: [
        { ID: 1, type: 'Attribute', property: 'Height', value: '9 m' },
        { ID: 2, type: 'Attribute', property: 'Owner', value: '' },
        { ID: 3, type: 'Free Text', property: null, value: 'Do not climb' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json<{ status: boolean; data: QrTemplate; message: string }>();
    expect(json).toMatchObject({
      status: true,
      message: "Tag template 'Poles north' created with 3 tags.",
      data: {
        name: 'Poles north',
        noOfTags: 3,
        prefix,
        networkElementTypeId: 3,
        elementType: 'Pole',
        clusterId: ids.cbd01,
        templateId: ids.poleTemplate,
        index: 4,
        scanned: 0,
        createdBy: expect.any(String),
      },
    });
    expect(json.data.tagDetails[1]).toEqual({
      ID: 2,
      type: 'Attribute',
      property: 'Owner',
      value: 'Safaricom',
    });
    const tags = await tagsOf(json.data.id);
    expect(tags.map((tag) => tag.code)).toEqual([
      `${prefix}00001`,
      `${prefix}00002`,
      `${prefix}00003`,
    ]);
    expect(tags[0]).toMatchObject({ seq: 1, scanned: false, element: null });
    expect(tags[0]?.link).toBe(`HTTP://LOCALHOST:3000/T/${prefix}00001`);

    const listed = await get(`/api/qrcode/templates/cluster/${ids.cbd01}`, tokens.field);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ data: QrTemplate[] }>().data.map((q) => q.id)).toContain(json.data.id);
  });

  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const cases: [object, number, string][] = [
      [{ prefix: 'ABCDEFGHI' }, 400, "'prefix' must be at most 8 characters long."],
      [{ prefix: 'AB CD' }, 400, "'prefix' may hold only letters, digits, '-' and '_'."],
      [{ noOfTags: 1.5 }, 400, 'noOfTags'],
      [{ noOfTags: -1 }, 400, "'noOfTags' must be at least 1."],
      [{ noOfTags: 10_001 }, 400, "'noOfTags' must be at most 10000."],
      [{ noOfTags: '5' }, 400, 'noOfTags'],
      [{ clusterId: 999_999 }, 404, 'Cluster 999999 was not found.'],
      [{ networkElementTypeId: 99 }, 404, 'Element type 99 does not exist.'],
      [{ templateId: 999_999 }, 422, 'Template 999999 is not a Pole template'],
      [{ templateId: ids.pboTemplate }, 422, 'is not a Pole template'],
      [{ templateId: ids.msaPoleTemplate }, 422, 'is not a Pole template'],
      [
        { tagDetails: [{ ID: 1, type: 'Attribute', property: 'Colour', value: 'x' }] },
        400,
        "'tagDetails.0.property' must be one of Height, Owner",
      ],
    ];
    const before = (await get(`/api/qrcode/templates/cluster/${ids.cbd01}`)).json<{ data: [] }>()
      .data.length;
    for (const [body, status, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ status: false, statusCode: status });
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const after = (await get(`/api/qrcode/templates/cluster/${ids.cbd01}`)).json<{ data: [] }>()
      .data.length;
    expect(after).toBe(before);
  });

  it('answers in French when asked', async () => {
    const response = await create(
      { prefix: 'A B' },
      tokens.admin,
      '/api/qrcode/templates/create?locale=fr',
    );
    expect(response.json<{ message: string }>().message).toBe(
      '« prefix » ne peut contenir que des lettres, des chiffres, « - » et « _ ».',
    );
  });

  it('refuses codes another template holds, naming them, with 409', async () => {
    const first = await createTemplate({ noOfTags: 5 });
    const response = await create({ prefix: first.prefix, noOfTags: 7 });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      `These codes are already used by other tags: ${first.prefix}00001, ${first.prefix}00002, ${first.prefix}00003, ${first.prefix}00004, ${first.prefix}00005. Choose another prefix.`,
    );
  });

  it('lets planners of the cluster create, not field users, viewers or other planners', async () => {
    expect((await create({}, tokens.planner)).statusCode).toBe(200);
    expect((await create({}, tokens.field)).statusCode).toBe(403);
    expect((await create({}, tokens.viewer)).statusCode).toBe(403);
    const other = await create(
      { clusterId: ids.msa01, templateId: ids.msaPoleTemplate },
      tokens.planner,
    );
    expect(other.statusCode).toBe(403);
  });
});

describe('POST /api/qrcode/templates/update/:id', () => {
  it('renames, re-prefixes and adds tags numbered after the last', async () => {
    const template = await createTemplate({ noOfTags: 2 });
    const prefix = freshPrefix();
    const response = await update(template.id, { name: 'Renamed', prefix, extraTags: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Tag Updated Successfully',
      data: { name: 'Renamed', prefix, noOfTags: 5, index: 6 },
    });
    expect((await tagsOf(template.id)).map((tag) => tag.code)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${prefix}0000${n}`),
    );
  });

  it('once a tag is scanned, refuses prefix and detail changes but still adds tags', async () => {
    const template = await createTemplate({
      noOfTags: 2,
      tagDetails: [{ ID: 1, type: 'Attribute', property: 'Height', value: '9 m' }],
    });
    const tag = await firstTag(template.id);
    const pole = await elementOf('Pole');
    expect((await scan(tag.code, pole.id)).statusCode).toBe(200);

    const prefix = await update(template.id, { prefix: freshPrefix() });
    expect(prefix.statusCode).toBe(409);
    expect(prefix.json<{ message: string }>().message).toBe(
      "1 tag(s) of 'Poles batch' have been scanned: its prefix and details can no longer change. You can still rename it and add tags.",
    );
    const details = await update(template.id, {
      tagDetails: [{ ID: 1, type: 'Attribute', property: 'Height', value: '12 m' }],
    });
    expect(details.statusCode).toBe(409);
    // The same details sent back unchanged are not a change.
    const same = await update(template.id, { tagDetails: template.tagDetails, extraTags: 2 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<{ data: QrTemplate }>().data).toMatchObject({ noOfTags: 4, scanned: 1 });
  });

  it('refuses extra tags whose codes are taken, adding none', async () => {
    const a = await createTemplate({ noOfTags: 2 });
    const b = await createTemplate({ noOfTags: 5 });
    const prefixChange = await update(a.id, { prefix: b.prefix });
    expect(prefixChange.statusCode).toBe(409);
    expect((await tagsOf(a.id)).map((tag) => tag.code)).toEqual([
      `${a.prefix}00001`,
      `${a.prefix}00002`,
    ]);
  });

  it('is refused to field users and viewers', async () => {
    const template = await createTemplate();
    expect((await update(template.id, { name: 'x' }, tokens.field)).statusCode).toBe(403);
    expect((await update(template.id, { name: 'x' }, tokens.viewer)).statusCode).toBe(403);
    expect((await update(999_999, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/qrcode/templates/:id', () => {
  it('deletes a template and its tags, answering statusCode 200', async () => {
    const template = await createTemplate();
    const response = await del(`/api/qrcode/templates/${template.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      statusCode: 200,
      data: null,
      message: "Tag 'Poles batch' deleted successfully.",
    });
    expect((await get(`/api/qrcode/templates/${template.id}/tags`)).statusCode).toBe(404);
  });

  it('refuses a template with scanned tags unless an admin forces it', async () => {
    const template = await createTemplate();
    const tag = await firstTag(template.id);
    const pole = await elementOf('Pole');
    expect((await scan(tag.code, pole.id)).statusCode).toBe(200);
    const refused = await del(`/api/qrcode/templates/${template.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('only an admin can delete it');
    expect(
      (await del(`/api/qrcode/templates/${template.id}?force=true`, tokens.planner)).statusCode,
    ).toBe(409);
    expect((await del(`/api/qrcode/templates/${template.id}?force=true`)).statusCode).toBe(200);
  });
});
