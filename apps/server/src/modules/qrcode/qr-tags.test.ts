import { describe, expect, it } from 'vitest';
import type { NearbyElement, QrTagView } from '@integration/contracts';
import { bearer } from '../../test/test-app.ts';
import {
  createTemplate,
  elementOf,
  firstTag,
  get,
  post,
  scan,
  t,
  tokens,
  useQrApp,
  view,
} from './qr.fixtures.ts';

useQrApp();

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const upload = (code: string, body: Buffer, type = 'image/png', token = tokens.field) =>
  t.app.inject({
    method: 'POST',
    url: `/api/qrcode/tags/${code}/photos`,
    payload: body,
    headers: { ...bearer(token), 'content-type': type },
  });

describe('a tag scanned in the field', () => {
  it('shows the tag, offers the nearest elements of its type, links one and keeps the evidence', async () => {
    const template = await createTemplate({
      tagDetails: [{ ID: 1, type: 'Attribute', property: 'Height', value: '9 m' }],
    });
    const tag = await firstTag(template.id);
    const code = tag.code;

    const shown = await view(code.toLowerCase(), tokens.field);
    expect(shown).toMatchObject({
      code,
      scanned: false,
      canScan: true,
      clusterName: 'CBD-01',
      template: { id: template.id, elementType: 'Pole', tagDetails: template.tagDetails },
    });

    const pole = await elementOf('Pole', 3);
    const near = await get(
      `/api/qrcode/tags/${code}/nearby?lat=${pole.lat + 0.00003}&lng=${pole.lng}`,
      tokens.field,
    );
    expect(near.statusCode, near.body).toBe(200);
    const offered = near.json<{ data: NearbyElement[] }>().data;
    expect(offered[0]).toMatchObject({ id: pole.id, name: pole.name });
    expect(offered[0]?.distance).toBeGreaterThan(2);
    expect(offered[0]?.distance).toBeLessThan(5);
    expect(offered.every((e, i) => i === 0 || e.distance >= (offered[i - 1]?.distance ?? 0))).toBe(
      true,
    );

    // A scan that waited offline keeps its time (after the tag's creation).
    const scannedAt = new Date().toISOString();
    const scanned = await post(
      `/api/qrcode/tags/${code}/scan`,
      {
        elementId: pole.id,
        position: { lat: pole.lat + 0.00003, lng: pole.lng, accuracy: 8 },
        scannedAt,
      },
      tokens.field,
    );
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json()).toMatchObject({
      message: `Tag ${code} linked to ${pole.name}.`,
      data: {
        scanned: true,
        scannedAt,
        scannedBy: 'Brian Otieno',
        element: { id: pole.id, name: pole.name },
        position: { accuracy: 8 },
      },
    });

    const photo = await upload(code, PNG);
    expect(photo.statusCode, photo.body).toBe(200);
    const { id: photoId } = photo.json<{ data: { id: number } }>().data;
    const back = await get(`/api/qrcode/tags/${code}/photos/${photoId}`, tokens.planner);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    expect((await view(code)).photos).toEqual([photoId]);

    const listed = await get(`/api/qrcode/templates/cluster/${template.clusterId}`);
    expect(
      listed
        .json<{ data: { id: number; scanned: number }[] }>()
        .data.find((q) => q.id === template.id)?.scanned,
    ).toBe(1);
  });

  it('refuses an element of another type, an unknown code, and viewers', async () => {
    const template = await createTemplate();
    const tag = await firstTag(template.id);
    const pbo = await elementOf('PboFat');
    const wrong = await scan(tag.code, pbo.id);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string }>().message).toContain(
      'is not a live Pole element of cluster CBD-01',
    );
    expect((await view(tag.code)).scanned).toBe(false);

    const unknown = await get('/api/qrcode/tags/NOPE99999', tokens.field);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe("No tag has the code 'NOPE99999'.");

    // The viewer reads another project: the code answers as unknown, not forbidden.
    expect((await get(`/api/qrcode/tags/${tag.code}`, tokens.viewer)).statusCode).toBe(404);
    const pole = await elementOf('Pole');
    expect((await scan(tag.code, pole.id, tokens.viewer)).statusCode).toBe(404);
    expect((await get(`/api/qrcode/tags/${tag.code}`, '')).statusCode).toBe(401);
  });

  it('refuses photos that are not images or are too large, and bad positions', async () => {
    const template = await createTemplate();
    const tag = await firstTag(template.id);
    const notImage = await upload(tag.code, Buffer.from('%PDF-1.7 not a photo'), 'image/jpeg');
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json<{ message: string }>().message).toBe(
      'The photo must be a JPEG, PNG, WebP or HEIC image.',
    );
    const wrongType = await upload(tag.code, PNG, 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    const tooLarge = await upload(tag.code, Buffer.alloc(8 * 1024 * 1024 + 1, 0xff), 'image/jpeg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toBe('A photo may be at most 8 MB.');
    expect((await view(tag.code)).photos).toEqual([]);

    const badNear = await get(`/api/qrcode/tags/${tag.code}/nearby?lat=91&lng=0`, tokens.field);
    expect(badNear.statusCode).toBe(400);
    const badScan = await post(
      `/api/qrcode/tags/${tag.code}/scan`,
      { elementId: 1, position: { lat: 'x', lng: 0 } },
      tokens.field,
    );
    expect(badScan.statusCode).toBe(400);
  });
});

describe('the demo seed', () => {
  it('has pole and PBO-FAT templates in CBD-01 with scanned tags and evidence', async () => {
    const response = await get('/api/qrcode/templates');
    const templates = response.json<{
      data: { name: string; scanned: number; noOfTags: number }[];
    }>().data;
    expect(templates.find((q) => q.name === 'Poles CBD-01')).toMatchObject({
      noOfTags: 42,
      scanned: 6,
    });
    expect(templates.find((q) => q.name === 'PBO-FATs CBD-01')).toMatchObject({
      noOfTags: 21,
      scanned: 4,
    });
    const tag: QrTagView = await view('POL00001', tokens.field);
    expect(tag).toMatchObject({ scanned: true, scannedBy: 'Brian Otieno' });
    expect(tag.photos).toHaveLength(1);
    expect(tag.element).not.toBeNull();
  });
});
