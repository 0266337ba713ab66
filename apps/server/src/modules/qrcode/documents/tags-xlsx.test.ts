import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeTagsXlsx, type TagSheetHeadings, type TagSheetRow } from './tags-xlsx.ts';

const HEADINGS: TagSheetHeadings = {
  code: 'Code',
  link: 'Lien',
  template: 'Modèle',
  elementType: 'Type',
  cluster: 'Grappe',
  scanned: 'Scanné',
  scannedAt: 'Scanné le',
  scannedBy: 'Scanné par',
  element: 'Élément',
  latitude: 'Latitude',
  longitude: 'Longitude',
  yes: 'oui',
  no: 'non',
  sheetName: 'Étiquettes: Poteaux [été]',
};

const tag = (i: number, scanned: boolean): TagSheetRow => ({
  code: `PBO${String(i).padStart(5, '0')}`,
  link: `HTTP://LOCALHOST:3000/T/PBO${String(i).padStart(5, '0')}`,
  template: 'Poteaux été',
  elementType: 'Poteau',
  cluster: 'Abidjan-Cocody',
  details: { Matériau: 'Béton armé', Propriétaire: 'Société d’État' },
  scanned,
  scannedAt: scanned ? '2026-03-14T09:26:53.000Z' : null,
  scannedBy: scanned ? 'Zoé Kouassi' : null,
  elementName: scanned ? 'P-Œuvre 12' : null,
  lat: scanned ? 5.348123 : null,
  lng: scanned ? -3.987654 : null,
});

async function* slowly(rows: TagSheetRow[]) {
  for (const row of rows) {
    await Promise.resolve();
    yield row;
  }
}

async function sheetOf(detailColumns: string[], rows: TagSheetRow[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeTagsXlsx(out, detailColumns, slowly(rows), HEADINGS);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('The workbook has no sheet');
  return sheet;
}

describe('tags spreadsheet', () => {
  it('writes a row per tag, a column per detail, typed cells under a bold frozen header', async () => {
    const columns = ['Matériau', 'Propriétaire', 'Absent'];
    const sheet = await sheetOf(columns, [tag(1, true), tag(2, false)]);

    expect(sheet.name).toBe('Étiquettes Poteaux été');
    expect(sheet.rowCount).toBe(3);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      ...['Code', 'Lien', 'Modèle', 'Type', 'Grappe', ...columns, 'Scanné', 'Scanné le'],
      ...['Scanné par', 'Élément', 'Latitude', 'Longitude'],
    ]);
    expect(header.font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:N1');

    const scanned = sheet.getRow(2);
    expect(scanned.getCell(1).value).toBe('PBO00001');
    expect(scanned.getCell(2).value).toEqual({
      text: 'HTTP://LOCALHOST:3000/T/PBO00001',
      hyperlink: 'HTTP://LOCALHOST:3000/T/PBO00001',
    });
    expect(scanned.getCell(3).value).toBe('Poteaux été');
    expect(scanned.getCell(6).value).toBe('Béton armé');
    expect(scanned.getCell(7).value).toBe('Société d’État');
    expect(scanned.getCell(8).value).toBeNull();
    expect(scanned.getCell(9).value).toBe('oui');
    const scannedAt = scanned.getCell(10);
    expect(scannedAt.value).toBeInstanceOf(Date);
    expect((scannedAt.value as Date).toISOString()).toBe('2026-03-14T09:26:53.000Z');
    expect(scannedAt.numFmt).toBe('d/m/yyyy hh:mm');
    expect(scanned.getCell(11).value).toBe('Zoé Kouassi');
    expect(scanned.getCell(12).value).toBe('P-Œuvre 12');
    expect(scanned.getCell(13).value).toBe(5.348123);
    expect(scanned.getCell(14).value).toBe(-3.987654);

    const waiting = sheet.getRow(3);
    expect(waiting.getCell(9).value).toBe('non');
    for (const col of [10, 11, 12, 13, 14]) expect(waiting.getCell(col).value).toBeNull();
  });

  it('streams thousands of rows, and a sheet without details', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => tag(i + 1, i % 3 === 0));
    const sheet = await sheetOf([], rows);
    expect(sheet.rowCount).toBe(3001);
    expect(sheet.getRow(3001).getCell(1).value).toBe('PBO03000');
    expect(sheet.getRow(1).cellCount).toBe(11);
  });

  it('rejects when the output closes before the end', async () => {
    const out = new PassThrough();
    const rows = Array.from({ length: 5000 }, (_, i) => tag(i + 1, false));
    const writing = writeTagsXlsx(out, [], rows, HEADINGS);
    setTimeout(() => out.destroy(), 20);
    await expect(writing).rejects.toThrow('closed before the end');
  });
});
