import { SHEET_DATE_TIME, sheetDate } from '../../../http/time-zone.ts';
import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { sheetNamer } from '../../../documents/sheet-names.ts';

export interface TagSheetRow {
  code: string;
  link: string;
  template: string;
  elementType: string;
  cluster: string;
  /** Detail values by column name (a name of `detailColumns`). */
  details: Record<string, string>;
  scanned: boolean;
  /** ISO 8601 */
  scannedAt: string | null;
  scannedBy: string | null;
  elementName: string | null;
  lat: number | null;
  lng: number | null;
}

/** The sheet's words, in the reader's language. */
export interface TagSheetHeadings {
  code: string;
  link: string;
  template: string;
  elementType: string;
  cluster: string;
  scanned: string;
  scannedAt: string;
  scannedBy: string;
  element: string;
  latitude: string;
  longitude: string;
  yes: string;
  no: string;
  sheetName: string;
}

/** Rows written between two looks at the output: exceljs never waits for its reader. */
const ROWS_PER_BATCH = 500;

const LINK_FONT = { color: { argb: 'FF0563C1' }, underline: true };

/**
 * Streams an .xlsx of the tags into `out` (and ends it): a row per tag, a column per detail
 * in `detailColumns` order, a bold frozen header with a filter. Resolves when `out` has taken
 * the whole file; rejects if `out` fails or closes first.
 */
export async function writeTagsXlsx(
  out: NodeJS.WritableStream,
  detailColumns: string[],
  rows: AsyncIterable<TagSheetRow> | Iterable<TagSheetRow>,
  headings: TagSheetHeadings,
  timeZone = 'UTC',
): Promise<void> {
  // Shared strings would hold every text in memory until the end: inline strings stream.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as Writable,
    useStyles: true,
    useSharedStrings: false,
  });
  const columns: Partial<ExcelJS.Column>[] = [
    { header: headings.code, width: 14 },
    { header: headings.link, width: 42, style: { font: LINK_FONT } },
    { header: headings.template, width: 24 },
    { header: headings.elementType, width: 16 },
    { header: headings.cluster, width: 16 },
    ...detailColumns.map((header) => ({ header, width: 18 })),
    { header: headings.scanned, width: 10 },
    { header: headings.scannedAt, width: 18, style: { numFmt: SHEET_DATE_TIME } },
    { header: headings.scannedBy, width: 24 },
    { header: headings.element, width: 24 },
    { header: headings.latitude, width: 12, style: { numFmt: '0.000000' } },
    { header: headings.longitude, width: 12, style: { numFmt: '0.000000' } },
  ];
  const sheet = workbook.addWorksheet(sheetNamer('Tags')(headings.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const failure = outputFailure(out);
  try {
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();

    let written = 0;
    for await (const tag of rows) {
      // Note: an empty cell is left out (undefined), not written styled and empty (null).
      sheet
        .addRow([
          tag.code,
          { text: tag.link, hyperlink: tag.link },
          tag.template,
          tag.elementType,
          tag.cluster,
          ...detailColumns.map((column) => tag.details[column]),
          tag.scanned ? headings.yes : headings.no,
          // When scanned, as the user's wall clock (spreadsheets hold no time zone).
          tag.scannedAt ? sheetDate(new Date(tag.scannedAt), timeZone) : undefined,
          tag.scannedBy ?? undefined,
          tag.elementName ?? undefined,
          tag.lat ?? undefined,
          tag.lng ?? undefined,
        ])
        .commit();
      if (++written % ROWS_PER_BATCH === 0) await failure.writable();
    }
    await failure.settled(workbook.commit());
  } finally {
    failure.stop();
  }
}

/**
 * Watches `out` for an error or a close before the end (a client gone), so that the writer
 * stops instead of waiting forever for a drain or a finish that will not come.
 */
function outputFailure(out: NodeJS.WritableStream) {
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {}); // read only when raced below
  const onError = (error: unknown) => fail(error);
  const onClose = () => {
    // Note: a finished output closes too, sometimes before exceljs hears of its finish.
    if (!(out as Partial<Writable>).writableFinished)
      fail(new Error('The spreadsheet output closed before the end'));
  };
  out.on('error', onError);
  out.on('close', onClose);
  if ((out as Partial<Writable>).destroyed) onClose();
  return {
    /** Lets the zip reach `out`, then waits while `out` asks its writers to wait. */
    async writable(): Promise<void> {
      await Promise.race([setImmediate(), failed]);
      while ((out as Partial<Writable>).writableNeedDrain) {
        await Promise.race([new Promise((resolve) => out.once('drain', resolve)), failed]);
      }
    },
    settled: <T>(work: Promise<T>) => Promise.race([work, failed]),
    stop(): void {
      out.off('error', onError);
      out.off('close', onClose);
    },
  };
}
