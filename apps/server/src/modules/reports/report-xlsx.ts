import { SHEET_DATE_TIME } from '../../http/time-zone.ts';
import ExcelJS from 'exceljs';
import type { ReportRun } from '@integration/contracts';
import { sheetNamer } from '../../documents/sheet-names.ts';

export interface ReportSheetContext {
  reportName: string;
  /** "Nairobi CBD › CO Nairobi Central › CBD-01", in the user's words. */
  scope: string;
  labels: { report: string; scope: string; ranAt: string; notes: string };
  /** When it ran, as the user's wall clock (http/time-zone.ts). */
  ranAt: Date;
}

/** The most characters Excel holds in a cell. */
const CELL_CHARS = 32_767;

/** A text as a cell holds it (a LIST, capped, stays far below). */
const cellText = (value: string) =>
  value.length <= CELL_CHARS ? value : `${value.slice(0, CELL_CHARS - 1)}…`;

/** A run as a workbook: a sheet per metric, its scope and time on top, its notes below. */
export async function reportWorkbook(run: ReportRun, context: ReportSheetContext): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheetName = sheetNamer(context.reportName);
  run.metrics.forEach((metric) => {
    const sheet = book.addWorksheet(sheetName(metric.title));
    sheet.addRow([context.labels.report, context.reportName]);
    sheet.addRow([context.labels.scope, context.scope]);
    sheet.addRow([context.labels.ranAt, context.ranAt]).getCell(2).numFmt = SHEET_DATE_TIME;
    sheet.addRow([]);
    const header = sheet.addRow(metric.columns.map((c) => c.label));
    header.font = { bold: true };
    for (const row of metric.rows) {
      sheet.addRow(
        metric.columns.map((c) => {
          const value = row[c.key] ?? null;
          if (typeof value === 'string') return cellText(value);
          return c.kind === 'percentage' && typeof value === 'number' ? value / 100 : value;
        }),
      );
    }
    metric.columns.forEach((c, col) => {
      const column = sheet.getColumn(col + 1);
      column.width = Math.max(12, Math.min(40, c.label.length + 2));
      if (c.kind === 'percentage') column.numFmt = '0.0%';
    });
    if (metric.notes.length) {
      sheet.addRow([]);
      sheet.addRow([context.labels.notes]).font = { italic: true };
      for (const note of metric.notes) sheet.addRow([note]);
    }
  });
  if (run.metrics.length === 0) book.addWorksheet(sheetName(context.reportName));
  return Buffer.from(await book.xlsx.writeBuffer());
}
