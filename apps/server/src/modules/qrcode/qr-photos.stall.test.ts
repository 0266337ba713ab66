import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TAG_PHOTO_MAX_BYTES } from '@integration/contracts';
import { bearer } from '../../test/test-app.ts';
import { whileProbingHealth } from '../../test/stall-probe.ts';
import {
  createTemplate,
  del,
  elementOf,
  firstTag,
  get,
  noiseImage,
  post,
  t,
  tokens,
  uploadPhoto,
  view,
} from './qr.fixtures.ts';
import { useQrApp } from './qr.fixtures.ts';

useQrApp();

const databaseSize = async () =>
  Number(
    (await t.db.one<{ n: string }>(sql`SELECT pg_database_size(current_database())::text AS n`))?.n,
  );

describe('photos of a scan (issue 25, findings 5 and 12)', () => {
  it('takes an 8 MB photo without stalling anyone, as a downscaled file under DATA_DIR', async () => {
    const tag = await firstTag((await createTemplate()).id);
    const photo = await noiseImage(2800, 2000, 'jpeg');
    expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(TAG_PHOTO_MAX_BYTES);
    const sizeBefore = await databaseSize();

    const { result: answer, report } = await whileProbingHealth(t.app, () =>
      uploadPhoto(tag.code, photo, 'image/jpeg'),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(report.worstMs, JSON.stringify(report)).toBeLessThan(1000);

    // In the database: a row naming the file, not the bytes.
    const id = answer.json<{ data: { id: number } }>().data.id;
    const row = await t.db.one<{ file: string; sha256: string; size: number; inDb: boolean }>(sql`
      SELECT file, sha256, size, bytes IS NOT NULL AS "inDb" FROM qr_tag_photos WHERE id = ${id}`);
    expect(row).toMatchObject({ inDb: false });
    expect(row?.file).toBe(path.join('photos', row?.sha256.slice(0, 2) ?? '', row?.sha256 ?? ''));
    expect((await databaseSize()) - sizeBefore).toBeLessThan(1024 * 1024);

    // On disk, downscaled, and served as it is kept.
    const onDisk = await readFile(path.join(t.config.dataDir, row?.file ?? ''));
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(row?.sha256);
    expect(onDisk.length).toBe(row?.size);
    expect(onDisk.length).toBeLessThan(photo.length / 2);
    const served = await get(`/api/qrcode/tags/${tag.code}/photos/${id}`, tokens.planner);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['etag']).toBe(`"${row?.sha256}"`);
    expect(served.rawPayload.equals(onDisk)).toBe(true);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1463]);
    const again = await t.app.inject({
      url: `/api/qrcode/tags/${tag.code}/photos/${id}`,
      headers: { ...bearer(tokens.planner), 'if-none-match': `"${row?.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it('answers 415 to a body that is not an image: JSON, text, or JSON called a PNG', async () => {
    const tag = await firstTag((await createTemplate()).id);
    for (const [body, type] of [
      ['{"bytes":"AAAA"}', 'application/json'],
      ['hello', 'text/plain'],
      ['{"bytes":"AAAA"}', 'image/png'],
      ['', 'image/jpeg'],
    ] as const) {
      const answer = await uploadPhoto(tag.code, body, type);
      expect(answer.statusCode, `${type}: ${answer.body}`).toBe(415);
      expect(answer.json<{ message: string }>().message).toBe(
        'The photo must be a JPEG, PNG, WebP or HEIC image.',
      );
    }
    const french = await t.app.inject({
      method: 'POST',
      url: `/api/qrcode/tags/${tag.code}/photos`,
      payload: { bytes: 'AAAA' },
      headers: { ...bearer(tokens.field), 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(415);
    expect(french.json<{ message: string }>().message).toBe(
      'La photo doit être une image JPEG, PNG, WebP ou HEIC.',
    );
    expect((await view(tag.code)).photos).toEqual([]);
  });

  it('keeps a small photo byte for byte, serves old photos from the database, removes files with their template', async () => {
    const template = await createTemplate();
    const tag = await firstTag(template.id);
    const small = await noiseImage(100, 80);
    const answer = await uploadPhoto(tag.code, small, 'image/png');
    expect(answer.statusCode, answer.body).toBe(200);
    const id = answer.json<{ data: { id: number } }>().data.id;
    const back = await get(`/api/qrcode/tags/${tag.code}/photos/${id}`);
    expect(back.rawPayload.equals(small)).toBe(true);
    const sha256 = createHash('sha256').update(small).digest('hex');
    const file = path.join(t.config.dataDir, 'photos', sha256.slice(0, 2), sha256);
    expect(existsSync(file)).toBe(true);

    // The demo's photos were stored before files: still served, from their rows.
    const seeded = await view('POL00001');
    const old = await get(`/api/qrcode/tags/POL00001/photos/${seeded.photos[0]}`, tokens.field);
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('image/png');

    expect((await del(`/api/qrcode/templates/${template.id}?force=true`)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});

describe('scan dates (issue 25, finding 14)', () => {
  it('refuses a scan dated before its tag or more than a day ahead, naming the date', async () => {
    const tag = await firstTag((await createTemplate()).id);
    const pole = await elementOf('Pole', 5);
    const scanAt = (scannedAt: string) =>
      post(`/api/qrcode/tags/${tag.code}/scan`, { elementId: pole.id, scannedAt }, tokens.field);

    const backdated = await scanAt('1970-01-01T00:00:00.000Z');
    expect(backdated.statusCode).toBe(400);
    expect(backdated.json<{ message: string }>().message).toMatch(
      new RegExp(`^The scan date 1970-01-01T00:00:00.000Z is before tag ${tag.code} was created`),
    );
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const future = await scanAt(ahead);
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe(
      `The scan date ${ahead} is in the future: check the phone’s date.`,
    );
    expect((await view(tag.code)).scanned).toBe(false);

    // A phone a little behind or ahead is forgiven: the scan counts from the tag, or from now.
    const behind = await scanAt(new Date(Date.now() - 10 * 60_000).toISOString());
    expect(behind.statusCode, behind.body).toBe(200);
    const fast = await scanAt(new Date(Date.now() + 3_600_000).toISOString());
    expect(fast.statusCode, fast.body).toBe(200);
    const scannedAt = Date.parse((await view(tag.code)).scannedAt ?? '');
    expect(Math.abs(scannedAt - Date.now())).toBeLessThan(60_000);
  });
});

describe('QR documents (issue 25, finding 14)', () => {
  it('generates at most two documents of one user at once (429 beyond)', async () => {
    const template = await createTemplate({ noOfTags: 1500 });
    const urls = [
      `/api/qrcode/templates/generate/${template.id}?layout=a4-65`,
      `/api/qrcode/templates/generate/${template.id}?layout=a4-21`,
      `/api/qrcode/templates/excel/${template.id}`,
      `/api/qrcode/templates/generate/${template.id}?layout=a4-65`,
    ];
    const answers = await Promise.all(urls.map((url) => get(url, tokens.planner)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 429).length, String(codes)).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 200).length, String(codes)).toBeGreaterThanOrEqual(2);
    const busy = answers.find((a) => a.statusCode === 429);
    expect(busy?.json<{ message: string }>().message).toMatch(/./);
    // Another user is not held back, and the slots come back once the documents are sent.
    expect((await get(urls[2] ?? '', tokens.admin)).statusCode).toBe(200);
    expect((await get(urls[2] ?? '', tokens.planner)).statusCode).toBe(200);
  }, 60_000);
});
