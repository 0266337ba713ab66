import { pdfBytes } from '../../documents/pdf-bytes.ts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportBody, ReportRun } from '@integration/contracts';
import { LABEL_FONTS, winAnsiText } from '../qrcode/documents/pdf-fonts.ts';
import { chartOption, chartSvg } from './report-charts.ts';
import { LIST_MORE_JOIN, moreKey } from './report-results.ts';

export interface ReportPdfContext {
  report: ReportBody;
  scope: string;
  ranAt: string;
  notesLabel: string;
}

const MARGIN = 40;
const ROW = 16;
/** More than a line of a cell holds: a longer text is cut before pdfkit measures it. */
const FIT_CHARS = 300;

/**
 * A cell's text on its one line: cut to FIT_CHARS, and a LIST cut so that its "and N more"
 * stays whole at the end (pdfkit's own ellipsis would cut it away). The font is set.
 */
function fitted(
  doc: PDFKit.PDFDocument,
  value: string,
  more: string | undefined,
  width: number,
): string {
  const tail = more ? `${LIST_MORE_JOIN}${more}` : '';
  if (!tail || !value.endsWith(tail)) return value.slice(0, FIT_CHARS);
  const head = value.slice(0, value.length - tail.length).slice(0, FIT_CHARS);
  const fits = (n: number) => doc.widthOfString(winAnsiText(head.slice(0, n) + tail)) <= width;
  if (fits(head.length)) return head + tail;
  // The longest start of the list that fits before "… and N more".
  let low = 0;
  let high = head.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return head.slice(0, low).replace(/[\s,]+$/, '') + tail;
}

/**
 * A run as a PDF: its title, scope and time, each chart drawn as vector (ECharts' SVG), then
 * each metric as a table that continues across pages. Small enough to build in memory.
 */
export async function reportPdf(run: ReportRun, context: ReportPdfContext): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: context.report.name } });
  const bytes = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const text = (s: string) => winAnsiText(s);

  doc.font(LABEL_FONTS.bold).fontSize(18).text(text(context.report.name));
  doc.font(LABEL_FONTS.regular).fontSize(10).fillColor('#555');
  doc
    .text(text(`${context.scope} · ${context.ranAt}`))
    .fillColor('#000')
    .moveDown();

  for (const chart of run.visualizations) {
    const config = context.report.visualizations[chart.index];
    if (!config || chart.series.length === 0) continue;
    const height = 260;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    doc
      .font(LABEL_FONTS.bold)
      .fontSize(11)
      .text(text(chart.series.map((s) => s.name).join(' · ')));
    const svg = chartSvg(chartOption(config, chart), Math.round(width), height);
    SVGtoPDF(doc, svg, MARGIN, doc.y + 4, { width, height, assumePt: true });
    doc.y += height + 16;
  }

  for (const metric of run.metrics) {
    if (doc.y + 3 * ROW > doc.page.height - MARGIN) doc.addPage();
    doc.x = MARGIN;
    doc.font(LABEL_FONTS.bold).fontSize(12).text(text(metric.title)).moveDown(0.3);
    const columnWidth = width / Math.max(1, metric.columns.length);
    const line = (cells: string[], bold: boolean) => {
      if (doc.y + ROW > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      doc.font(bold ? LABEL_FONTS.bold : LABEL_FONTS.regular).fontSize(9);
      cells.forEach((cell, i) =>
        doc.text(text(cell), MARGIN + i * columnWidth, y, {
          width: columnWidth - 6,
          height: ROW,
          ellipsis: true,
          lineBreak: false,
          align: i === 0 ? 'left' : 'right',
        }),
      );
      doc
        .moveTo(MARGIN, y + ROW - 3)
        .lineTo(MARGIN + width, y + ROW - 3)
        .strokeColor('#ddd')
        .stroke();
      doc.y = y + ROW;
    };
    line(
      metric.columns.map((c) => c.label),
      true,
    );
    for (const row of metric.rows) {
      doc.font(LABEL_FONTS.regular).fontSize(9);
      line(
        metric.columns.map((c) => {
          const value = row[c.key];
          if (value === null || value === undefined) return '';
          if (c.kind === 'percentage') return `${value} %`;
          const more = row[moreKey(c.key)];
          return fitted(
            doc,
            String(value),
            typeof more === 'string' ? more : undefined,
            columnWidth - 6,
          );
        }),
        false,
      );
    }
    doc.x = MARGIN;
    for (const note of metric.notes) {
      doc
        .font(LABEL_FONTS.regular)
        .fontSize(8)
        .fillColor('#555')
        .text(text(`${context.notesLabel}: ${note}`), MARGIN);
      doc.fillColor('#000');
    }
    doc.moveDown();
  }
  doc.end();
  return bytes;
}
