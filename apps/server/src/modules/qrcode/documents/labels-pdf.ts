import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { LABEL_FONTS, lineFitter, winAnsiText } from './pdf-fonts.ts';
import {
  LABEL_LAYOUTS,
  labelOrigin,
  type LabelLayout,
  type LabelLayoutId,
} from './label-layouts.ts';
import { qrMatrix, type QrMatrix } from './qr-matrix.ts';

export interface LabelContent {
  code: string;
  /** The QR's text, final (upper-case, see qr-matrix.ts). */
  link: string;
  templateName: string;
  details: { property: string; value: string }[];
}

export interface LabelsPdfOptions {
  layout: LabelLayoutId;
  /** Blank positions at the start of the first sheet (a sheet partly used before). */
  skip?: number;
  title: string;
  signal?: AbortSignal;
}

/** Type sizes per stock, in points; the code shrinks from `codeMax` until it fits. */
interface Typography {
  codeMax: number;
  name: number;
  detail: number;
  /** Kept clear between the text and the label's right and bottom edges. */
  padding: number;
}

const TYPOGRAPHY: Record<LabelLayoutId, Typography> = {
  'a4-21': { codeMax: 16, name: 8, detail: 6.5, padding: 5.5 },
  'a4-65': { codeMax: 10, name: 5.5, detail: 5, padding: 3 },
  'roll-50x30': { codeMax: 14, name: 7, detail: 6, padding: 4 },
};

/** QR's required margin, in modules: scanners find the code by the light around it. */
const QUIET_ZONE = 4;

/**
 * Streams the labels PDF into `out` (and ends it), a label per position, sheet after sheet.
 * Resolves when the document has ended; rejects if `out` fails or closes first, or `signal`
 * aborts, destroying its own document only.
 *
 * Note: pdfkit pushes each finished page whatever its reader's pace, so between pages this
 * waits for `out` to drain: memory holds about a page, however many labels.
 */
export async function writeLabelsPdf(
  out: NodeJS.WritableStream,
  labels: AsyncIterable<LabelContent> | Iterable<LabelContent>,
  options: LabelsPdfOptions,
): Promise<void> {
  const layout = LABEL_LAYOUTS[options.layout];
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: [layout.pageWidthPt, layout.pageHeightPt],
    margin: 0,
    info: { Title: options.title },
  });
  const drawLabel = labelPainter(doc, layout);
  doc.pipe(out);
  try {
    // A roll has a page per label: nothing to skip there.
    const skip = layout.perPage > 1 ? clamp(options.skip ?? 0, 0, layout.perPage - 1) : 0;
    let position = skip;
    let pages = 0;
    for await (const label of labels) {
      options.signal?.throwIfAborted();
      if (pages === 0 || position % layout.perPage === 0) {
        doc.addPage(); // which hands the previous page to `out`
        pages++;
        // Labels may come as fast as they are drawn: let the server serve others and hear of
        // a client gone between pages, and let a slow reader catch up.
        await setImmediate();
        while (needsDrain(out)) await outputEvent(out, options.signal, out, 'drain');
      }
      drawLabel(label, position % layout.perPage);
      position++;
    }
    if (pages === 0) doc.addPage(); // a PDF without pages is not one every reader opens
    doc.end();
    if (!doc.readableEnded) await outputEvent(out, options.signal, doc, 'end');
  } catch (error) {
    doc.unpipe(out);
    doc.destroy();
    throw error;
  }
}

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.trunc(value) || 0));

const needsDrain = (out: NodeJS.WritableStream) =>
  (out as Partial<Writable>).writableNeedDrain === true;

/**
 * Waits for `event` on `source`; rejects first if `out` fails or closes (a client gone) or
 * `signal` aborts, since then the event may never come.
 */
function outputEvent(
  out: NodeJS.WritableStream,
  signal: AbortSignal | undefined,
  source: NodeJS.EventEmitter,
  event: string,
): Promise<void> {
  signal?.throwIfAborted();
  const { errored, destroyed } = out as Partial<Writable>;
  if (errored) throw errored;
  if (destroyed) throw new Error('The labels PDF output is closed');
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown) => {
      source.off(event, onEvent);
      out.off('error', onError);
      out.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onEvent = () => settle();
    const onError = (error: unknown) => settle(error);
    const onClose = () => settle(new Error('The labels PDF output closed before the end'));
    const onAbort = () => settle(signal?.reason);
    source.on(event, onEvent);
    out.on('error', onError);
    out.on('close', onClose);
    signal?.addEventListener('abort', onAbort);
  });
}

/** Draws labels on the current page: the QR on the left, its quiet zone inside the label. */
function labelPainter(doc: PDFKit.PDFDocument, layout: LabelLayout) {
  const type = TYPOGRAPHY[layout.id];
  const height = layout.labelHeightPt;
  const textWidth = layout.labelWidthPt - height - type.padding;
  const fit = lineFitter(doc);
  return (label: LabelContent, position: number): void => {
    const { x, y } = labelOrigin(layout, position);
    const matrix = qrMatrix(label.link, layout.errorCorrection);
    const moduleSize = height / (matrix.size + 2 * QUIET_ZONE);
    const quietZone = QUIET_ZONE * moduleSize;
    drawModules(doc, matrix, x + quietZone, y + quietZone, moduleSize);

    // The text starts level with the code's top edge, beside its quiet zone.
    const left = x + height;
    const bottom = y + height - type.padding;
    let top = y + quietZone;

    // The code as large as fits; a long one shrinks to the name's size, then loses its end.
    doc.font(LABEL_FONTS.bold).fontSize(1);
    // Just under the full width: at exactly it, rounding may measure the code a hair too long.
    const fullWidthSize =
      (0.995 * textWidth) / Math.max(doc.widthOfString(winAnsiText(label.code)), 0.01);
    const codeSize = Math.max(type.name, Math.min(type.codeMax, fullWidthSize));
    const code = fit(label.code, LABEL_FONTS.bold, codeSize, textWidth);
    doc.font(LABEL_FONTS.bold).fontSize(codeSize).text(code, left, top, { lineBreak: false });
    top += codeSize * 1.15;

    const lines = [
      { size: type.name, text: label.templateName },
      // A free text detail has no property: its text alone.
      ...label.details.map((d) => ({
        size: type.detail,
        text: d.property ? `${d.property}: ${d.value}` : d.value,
      })),
    ];
    for (const { size, text } of lines) {
      if (top + size > bottom) break; // on small stock, details give way first
      const line = fit(text, LABEL_FONTS.regular, size, textWidth);
      doc.font(LABEL_FONTS.regular).fontSize(size).text(line, left, top, { lineBreak: false });
      top += size * 1.25;
    }
  };
}

/**
 * The QR's dark modules as one filled path, in module units: a rectangle per horizontal run
 * (a third of the rectangles of one per module), integers in the content stream.
 */
function drawModules(
  doc: PDFKit.PDFDocument,
  matrix: QrMatrix,
  x: number,
  y: number,
  moduleSize: number,
): void {
  doc.save().translate(x, y).scale(moduleSize);
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(row, col)) col++;
      doc.rect(start, row, col - start, 1);
    }
  }
  doc.fill('black').restore();
}
