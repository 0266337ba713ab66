import ExcelJS from 'exceljs';
import type { DesignProblems, Locale } from '@integration/contracts';
import { sheetNamer } from '../../documents/sheet-names.ts';
import { SHEET_DATE_TIME, sheetDate } from '../../http/time-zone.ts';
import { translate } from '../../i18n/translate.ts';

/** A cluster's design problems as a workbook: errors first, each with its rule and elements. */
export async function problemsWorkbook(
  found: DesignProblems,
  clusterName: string,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetNamer('Problems')(clusterName));
  sheet.addRow([translate(locale, 'design.sheet.title', { name: clusterName })]).font = {
    bold: true,
    size: 13,
  };
  sheet
    .addRow([
      translate(locale, 'design.sheet.checkedAt'),
      sheetDate(new Date(found.checkedAt), timeZone),
    ])
    .getCell(2).numFmt = SHEET_DATE_TIME;
  sheet.addRow([]);
  sheet.addRow(
    (['severity', 'rule', 'message', 'elements'] as const).map((k) =>
      translate(locale, `design.sheet.${k}`),
    ),
  ).font = { bold: true };
  [12, 24, 90, 20].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  sheet.views = [{ state: 'frozen', ySplit: sheet.rowCount }];
  for (const p of found.problems) {
    const row = sheet.addRow([
      translate(locale, `design.sheet.${p.severity}`),
      translate(locale, `design.rule.${p.rule}`),
      p.message,
      p.elementIds.join(', '),
    ]);
    row.getCell(1).font = {
      bold: true,
      color: { argb: p.severity === 'error' ? 'FFC92A2A' : 'FFE67700' },
    };
    row.getCell(3).alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
