import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { LabelsFit, TagLinkBase } from '@integration/contracts';
import {
  createTemplate,
  elementOf,
  firstTag,
  get,
  scan,
  t,
  tokens,
  useQrApp,
} from './qr.fixtures.ts';

useQrApp();

const run = promisify(execFile);
const POPPLER = existsSync('/usr/bin/pdftotext');

/** The text of each page of a PDF, as poppler reads it. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'labels-'));
  try {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'labels.pdf'), '-']);
    return stdout.split('\f').filter((page) => page.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('GET /api/qrcode/templates/generate/:id', () => {
  it.skipIf(!POPPLER)(
    'prints the range asked for, on the layout asked for, named after the template',
    async () => {
      const template = await createTemplate({
        name: 'Poles été',
        noOfTags: 30,
        tagDetails: [{ ID: 1, type: 'Attribute', property: 'Material', value: 'Béton' }],
      });
      const response = await get(
        `/api/qrcode/templates/generate/${template.id}?layout=a4-21&from=3&to=25&skip=5`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-tag-count']).toBe('23');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="Poles .+\.pdf"; filename\*=UTF-8''Poles%20%C3%A9t%C3%A9-.+\.pdf$/,
      );
      // 5 blank + 23 labels: 21 on the first sheet, 7 on the second.
      const pages = await pagesOf(response.rawPayload);
      expect(pages).toHaveLength(2);
      const codes = (text: string) => text.match(new RegExp(`${template.prefix}\\d{5}`, 'g')) ?? [];
      expect(codes(pages[0] ?? '')).toHaveLength(16);
      expect(codes(pages[1] ?? '')).toHaveLength(7);
      expect(pages[0]).toContain(`${template.prefix}00003`);
      expect(pages[1]).toContain(`${template.prefix}00025`);
      expect(pages.join('')).not.toContain(`${template.prefix}00026`);
      expect(pages[0]).toContain('Béton');
    },
  );

  it('refuses a range backwards, a skip of a whole sheet and an unknown layout', async () => {
    const template = await createTemplate();
    const backwards = await get(`/api/qrcode/templates/generate/${template.id}?from=3&to=2`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toBe("'from' must not be after 'to'.");
    const skip = await get(`/api/qrcode/templates/generate/${template.id}?skip=21`);
    expect(skip.statusCode).toBe(400);
    expect(skip.json<{ message: string }>().message).toBe(
      "'skip' must be less than 21, the labels of one sheet.",
    );
    const roll = await createTemplate({ noOfTags: 2500 });
    const long = await get(`/api/qrcode/templates/generate/${roll.id}?layout=roll-50x30`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toBe(
      'A thermal roll prints at most 2000 labels a document: print a range (from, to).',
    );
    const layout = await get(`/api/qrcode/templates/generate/${template.id}?layout=a3`);
    expect(layout.statusCode).toBe(400);
    expect((await get('/api/qrcode/templates/generate/999999')).statusCode).toBe(404);
    expect(
      (await get(`/api/qrcode/templates/generate/${template.id}`, tokens.viewer)).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/qrcode/templates/excel/:id', () => {
  it('lists one row per tag with its details, and the scan once made', async () => {
    const template = await createTemplate({
      noOfTags: 3,
      tagDetails: [
        { ID: 1, type: 'Attribute', property: 'Height', value: '9 m' },
        { ID: 2, type: 'Free Text', property: null, value: 'Ne pas grimper' },
      ],
    });
    const tag = await firstTag(template.id);
    const pole = await elementOf('Pole', 5);
    expect((await scan(tag.code, pole.id)).statusCode).toBe(200);

    const response = await get(`/api/qrcode/templates/excel/${template.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [sheet] = book.worksheets;
    if (!sheet) throw new Error('no worksheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(
      expect.arrayContaining([
        'Code',
        'Link',
        'Template',
        'Element type',
        'Cluster',
        'Height',
        'Free text 2',
        'Scanned',
        'Scanned at',
        'Scanned by',
        'Linked element',
        'Latitude',
        'Longitude',
      ]),
    );
    expect(sheet.actualRowCount).toBe(4);
    const row = (n: number) =>
      Object.fromEntries(header.map((h, i) => [h, sheet.getRow(n).getCell(i + 1).value]));
    const first = row(2);
    expect(first).toMatchObject({
      Code: tag.code,
      Template: 'Poles batch',
      'Element type': 'Pole',
      Cluster: 'CBD-01',
      Height: '9 m',
      'Free text 2': 'Ne pas grimper',
      Scanned: 'Yes',
      'Scanned by': 'Brian Otieno',
      'Linked element': pole.name,
    });
    expect(first['Scanned at']).toBeInstanceOf(Date);
    expect(Number(first.Latitude)).toBeCloseTo(pole.lat, 6);
    expect(row(3)).toMatchObject({ Scanned: 'No' });
  });
});

describe('GET /api/qrcode/templates/:id/labels/fit and /api/qrcode/link-base', () => {
  it('names what a stock cannot print whole, in the reader language, and where links point', async () => {
    const long = 'Call NOC 0700 000 000 before opening, then again after closing: '.repeat(3);
    const template = await createTemplate({
      name: 'Poles extension',
      tagDetails: [
        { ID: 1, type: 'Attribute', property: 'Owner', value: 'Safaricom' },
        { ID: 2, type: 'Free Text', property: null, value: long.trim() },
      ],
    });
    const fit = async (layout: string, headers = {}) => {
      const response = await t.app.inject({
        url: `/api/qrcode/templates/${template.id}/labels/fit?layout=${layout}`,
        headers: { authorization: `Bearer ${tokens.field}`, ...headers },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: LabelsFit }>().data;
    };
    // A sheet of 21 prints it all, shrunk; a label of 65 cannot hold the long free text.
    const a421 = await fit('a4-21');
    expect(a421.notFitting).toEqual([]);
    expect(a421.link).toEqual({ publicUrl: 'http://localhost:3000', reach: 'this-computer' });
    const a465 = await fit('a4-65', { 'accept-language': 'fr' });
    expect(a465.notFitting).toEqual([long.trim()]);
    expect(a465.layout).toBe('a4-65');

    const base = await get('/api/qrcode/link-base', tokens.viewer);
    expect(base.json<{ data: TagLinkBase }>().data.reach).toBe('this-computer');
    expect((await get('/api/qrcode/link-base', '')).statusCode).toBe(401);
    expect(
      (await get(`/api/qrcode/templates/${template.id}/labels/fit?layout=a3`)).statusCode,
    ).toBe(400);
  });

  it.skipIf(!POPPLER)('prints property names in the reader language', async () => {
    const template = await createTemplate({
      tagDetails: [{ ID: 1, type: 'Attribute', property: 'Owner', value: 'Safaricom' }],
    });
    const response = await t.app.inject({
      url: `/api/qrcode/templates/generate/${template.id}?layout=roll-50x30&to=1`,
      headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'fr' },
    });
    const [page] = await pagesOf(response.rawPayload);
    expect(page).toMatch(/Propriétaire:\s+Safaricom/);
  });
});
