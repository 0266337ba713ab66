import ExcelJS from 'exceljs';
import type { HomeBudget, Locale, Trace } from '@integration/contracts';
import { sheetNamer } from '../../documents/sheet-names.ts';
import { translate, type MessageKey, type MessageVars } from '../../i18n/translate.ts';

const DB = '0.000';
const METRES = '0.0';

type SheetKey =
  Extract<MessageKey, `fibredocs.sheet.${string}`> extends `fibredocs.sheet.${infer K}` ? K : never;
const sheetText = (locale: Locale) => (key: SheetKey, vars?: MessageVars) =>
  translate(locale, `fibredocs.sheet.${key}`, vars);

/** A bold heading row and its columns' widths and number formats. */
function heading(
  sheet: ExcelJS.Worksheet,
  columns: { title: string; width: number; format?: string }[],
) {
  sheet.addRow(columns.map((c) => c.title)).font = { bold: true };
  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.width;
    if (c.format) column.numFmt = c.format;
  });
  sheet.views = [{ state: 'frozen', ySplit: sheet.rowCount }];
}

/**
 * A trace as a workbook (issue 26): a hop a row with its loss and the cumulated figures, the
 * end and the margin last, numbers as numbers so that a planner can sum and chart them.
 */
export async function traceWorkbook(trace: Trace, title: string, locale: Locale): Promise<Buffer> {
  const t = sheetText(locale);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetNamer(t('trace'))(title));
  sheet.addRow([t('traceOf', { name: title })]).font = { bold: true, size: 13 };
  sheet.addRow([]);
  heading(sheet, [
    { title: '#', width: 5 },
    { title: t('kind'), width: 12 },
    { title: t('element'), width: 40 },
    { title: t('fibre'), width: 8 },
    { title: t('colour'), width: 14 },
    { title: t('metres'), width: 11, format: METRES },
    { title: t('cumulativeMetres'), width: 13, format: METRES },
    { title: t('db1310'), width: 11, format: DB },
    { title: t('db1550'), width: 11, format: DB },
    { title: t('cumulative1310'), width: 13, format: DB },
    { title: t('cumulative1550'), width: 13, format: DB },
  ]);
  trace.hops.forEach((h, i) => {
    const row = sheet.addRow([
      i + 1,
      t(`hop.${h.kind}`),
      h.name,
      h.fibreNumber ?? null,
      h.colour?.name ?? null,
      h.lengthM,
      h.cumulativeLengthM,
      h.lossDb['1310'],
      h.lossDb['1550'],
      h.cumulativeLossDb['1310'],
      h.cumulativeLossDb['1550'],
    ]);
    // The fibre's colour as its cell's fill: what the crew matches in the closure.
    if (h.colour) {
      row.getCell(5).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: `FF${h.colour.hex.replace('#', '').toUpperCase()}` },
      };
      row.getCell(5).font = { color: { argb: contrastOn(h.colour.hex) } };
    }
  });
  sheet.addRow([]);
  const totals = sheet.addRow([
    null,
    t(`end.${trace.end}`),
    t('total'),
    null,
    null,
    null,
    trace.totalLengthM,
    null,
    null,
    trace.totalLossDb['1310'],
    trace.totalLossDb['1550'],
  ]);
  totals.font = { bold: true };
  const margin = sheet.addRow([
    null,
    null,
    t('margin'),
    null,
    null,
    null,
    null,
    null,
    null,
    trace.marginDb,
  ]);
  margin.font = { bold: true, color: { argb: trace.marginDb < 0 ? 'FFC92A2A' : 'FF2B8A3E' } };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A cluster's (or an OLT port's) homes with their totals and margins, worst margin first. */
export async function budgetWorkbook(
  homes: HomeBudget[],
  title: string,
  locale: Locale,
): Promise<Buffer> {
  const t = sheetText(locale);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetNamer(t('budget'))(title));
  sheet.addRow([t('budgetOf', { name: title })]).font = { bold: true, size: 13 };
  const reached = homes.filter((h) => h.end === 'olt-port').length;
  sheet.addRow([t('summary', { homes: homes.length, reached, open: homes.length - reached })]);
  sheet.addRow([]);
  heading(sheet, [
    { title: t('home'), width: 30 },
    { title: t('id'), width: 10 },
    { title: t('endReached'), width: 18 },
    { title: t('metres'), width: 11, format: METRES },
    { title: t('db1310'), width: 11, format: DB },
    { title: t('db1550'), width: 11, format: DB },
    { title: t('margin'), width: 11, format: DB },
  ]);
  for (const h of [...homes].sort((a, b) => a.marginDb - b.marginDb)) {
    const row = sheet.addRow([
      h.name,
      h.elementId,
      t(`end.${h.end}`),
      h.totalLengthM,
      h.totalLossDb['1310'],
      h.totalLossDb['1550'],
      h.marginDb,
    ]);
    if (h.marginDb < 0) row.getCell(7).font = { bold: true, color: { argb: 'FFC92A2A' } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Black or white text, whichever reads on the colour (relative luminance, WCAG). */
function contrastOn(hex: string): string {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.35 ? 'FF000000' : 'FFFFFFFF';
}
