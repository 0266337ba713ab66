import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { QrTag, QrTagView, QrTemplate } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { idByName, idOf } from '../../test/seeded.ts';
import type { Config } from '../../config.ts';

/** Test support for the QR API tests: one app per file, its people and seeded ids. */

export let t: TestApp;
export const tokens = { admin: '', planner: '', field: '', viewer: '' };
export const ids = {
  cbd01: 0,
  cbd02: 0,
  msa01: 0,
  poleTemplate: 0,
  pboTemplate: 0,
  msaPoleTemplate: 0,
};

const templateOf = (clusterId: number, type: string) =>
  idOf(
    t.db,
    sql`SELECT t.id FROM element_templates t
        JOIN central_offices co ON co.project_id = t.project_id
        JOIN clusters c ON c.central_office_id = co.id
        WHERE c.id = ${clusterId} AND t.type = ${type} AND t.is_default`,
    `the default ${type} template of cluster ${clusterId}`,
  );

export function useQrApp(overrides: Partial<Config> = {}): void {
  beforeAll(async () => {
    t = await createTestApp(overrides);
    tokens.admin = await t.login('admin@example.com', 'admin1234');
    tokens.planner = await t.login('planner@example.com', 'planner1234');
    tokens.field = await t.login('field@example.com', 'field1234');
    tokens.viewer = await t.login('viewer@example.com', 'viewer1234');
    ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
    ids.cbd02 = await idByName(t.db, 'clusters', 'CBD-02');
    ids.msa01 = await idByName(t.db, 'clusters', 'MSA-01');
    ids.poleTemplate = await templateOf(ids.cbd01, 'Pole');
    ids.pboTemplate = await templateOf(ids.cbd01, 'PboFat');
    ids.msaPoleTemplate = await templateOf(ids.msa01, 'Pole');
  }, 180_000);
  afterAll(() => t.close());
}

export const get = (url: string, token = tokens.admin) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });
export const post = (url: string, payload: object, token = tokens.admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
export const del = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'DELETE', url, headers: bearer(token) });

let serial = 0;
/** A prefix no other test of the file uses. */
export const freshPrefix = () => `T${++serial}X`;

/** A Pole template of CBD-01 as the create route answers it. */
export async function createTemplate(
  body: Partial<Record<string, unknown>> = {},
  token = tokens.admin,
): Promise<QrTemplate> {
  const response = await post(
    '/api/qrcode/templates/create',
    {
      name: 'Poles batch',
      noOfTags: 3,
      prefix: freshPrefix(),
      networkElementTypeId: 3,
      clusterId: ids.cbd01,
      templateId: ids.poleTemplate,
      tagDetails: [],
      ...body,
    },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QrTemplate }>().data;
}

export async function tagsOf(templateId: number, token = tokens.admin): Promise<QrTag[]> {
  const response = await get(`/api/qrcode/templates/${templateId}/tags?limit=1000`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QrTag[] }>().data;
}

/** A live element of a type in CBD-01 to link a tag to. */
export async function elementOf(type: string, offset = 0) {
  const element = await t.db.one<{ id: number; name: string; lat: number; lng: number }>(sql`
    SELECT id, name, ST_Y(geom) AS lat, ST_X(geom) AS lng FROM network_elements
    WHERE cluster_id = ${ids.cbd01} AND type = ${type} AND deleted_at IS NULL
    ORDER BY id OFFSET ${offset} LIMIT 1`);
  if (!element) throw new Error(`not seeded: a ${type} of CBD-01`);
  return element;
}

/** The first tag of a template. */
export async function firstTag(templateId: number): Promise<QrTag> {
  const [tag] = await tagsOf(templateId);
  if (!tag) throw new Error(`template ${templateId} has no tag`);
  return tag;
}

export async function scan(code: string, elementId: number, token = tokens.field) {
  return post(`/api/qrcode/tags/${code}/scan`, { elementId }, token);
}

export const view = async (code: string, token = tokens.admin) =>
  (await get(`/api/qrcode/tags/${code}`, token)).json<{ data: QrTagView }>().data;

/** An image of noise (it does not compress): `width` × `height` pixels, PNG or JPEG. */
export async function noiseImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { randomBytes } = await import('node:crypto');
  const image = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? image.png({ compressionLevel: 0 }).toBuffer()
    : image.jpeg({ quality: 100 }).toBuffer();
}

export const uploadPhoto = (
  code: string,
  body: Buffer | string,
  type: string,
  token = tokens.field,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/qrcode/tags/${code}/photos`,
    payload: body,
    headers: { ...bearer(token), 'content-type': type },
  });
