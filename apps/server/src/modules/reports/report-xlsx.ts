import ExcelJS from 'exceljs';
import type { ReportRun } from '@integration/contracts';

export interface ReportSheetContext {
  reportName: string;
  /** "Nairobi CBD › CO Nairobi Central › CBD-01", in the user's words. */
  scope: string;
  labels: { report: string; scope: string; ranAt: string; notes: string };
}

/** Excel's rules for sheet names: 31 characters, none of : \ / ? * [ ], unique. */
function sheetNames(titles: string[]): string[] {
  const used = new Set<string>();
  return titles.map((title, i) => {
    const base = (title.replace(/[:\\/?*[\]]/g, ' ').trim() || `Metric ${i + 1}`).slice(0, 28);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A run as a workbook: a sheet per metric, its scope and time on top, its notes below. */
export async function reportWorkbook(run: ReportRun, context: ReportSheetContext): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const names = sheetNames(run.metrics.map((m) => m.title));
  run.metrics.forEach((metric, i) => {
    const sheet = book.addWorksheet(names[i]);
    sheet.addRow([context.labels.report, context.reportName]);
    sheet.addRow([context.labels.scope, context.scope]);
    sheet.addRow([context.labels.ranAt, new Date(run.ranAt)]).getCell(2).numFmt =
      'yyyy-mm-dd hh:mm';
    sheet.addRow([]);
    const header = sheet.addRow(metric.columns.map((c) => c.label));
    header.font = { bold: true };
    for (const row of metric.rows) {
      sheet.addRow(
        metric.columns.map((c) => {
          const value = row[c.key] ?? null;
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
  if (run.metrics.length === 0) book.addWorksheet(context.reportName.slice(0, 31) || 'Report');
  return Buffer.from(await book.xlsx.writeBuffer());
}
