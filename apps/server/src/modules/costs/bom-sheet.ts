import ExcelJS from 'exceljs';
import type { Bom, Locale } from '@integration/contracts';
import { sheetNamer } from '../../documents/sheet-names.ts';
import { SHEET_DATE_TIME } from '../../http/time-zone.ts';
import { bomLabels } from './bom-labels.ts';

const MONEY = '#,##0.00';

/**
 * A bill as a workbook: a line a row, numbers as numbers, then the totals and the homes;
 * `madeAt` the user's wall clock (http/time-zone.ts).
 */
export async function bomWorkbook(bom: Bom, locale: Locale, madeAt: Date): Promise<Buffer> {
  const words = bomLabels(bom, locale);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetNamer('BOM')(bom.name));
  sheet.addRow([words.title]).font = { bold: true, size: 13 };
  sheet.addRow([words.t('costs.sheet.madeAt'), madeAt]).getCell(2).numFmt = SHEET_DATE_TIME;
  sheet.addRow([]);
  const c = words.columns;
  sheet.addRow([
    c.item,
    c.spec,
    c.placement,
    c.quantity,
    c.unit,
    c.unitPrice,
    c.total,
    c.builtQuantity,
    c.builtTotal,
  ]).font = { bold: true };
  [24, 14, 14, 12, 8, 18, 18, 12, 18].forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  sheet.views = [{ state: 'frozen', ySplit: sheet.rowCount }];
  for (const l of bom.lines) {
    const row = sheet.addRow([
      words.item(l),
      words.spec(l),
      words.placement(l),
      l.quantity,
      words.unit(l),
      l.unitPrice ?? words.t('costs.sheet.noPrice'),
      l.total,
      l.built.quantity,
      l.built.total,
    ]);
    for (const i of [6, 7, 9]) row.getCell(i).numFmt = MONEY;
  }
  sheet.addRow([]);
  for (const total of words.totals) {
    const row = sheet.addRow([total.label, null, null, null, null, null, total.value]);
    row.font = { bold: true };
    row.getCell(7).numFmt = MONEY;
  }
  for (const homes of words.homes) sheet.addRow([homes.label, null, null, homes.value]);
  for (const note of words.notes) sheet.addRow([note]).font = { italic: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
