import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import { winAnsiText } from './pdf-fonts.ts';
import { layoutLabelText, type LabelTextContent, type Measure } from './label-text.ts';
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

/** Kept clear between the text and the label's edges, in points. */
const PADDING: Record<LabelLayoutId, number> = { 'a4-21': 5.5, 'a4-65': 3, 'roll-50x30': 4 };

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

/** The box beside the QR where a label's text goes, in points. */
export function labelTextBox(layout: LabelLayout): { width: number; height: number } {
  const padding = PADDING[layout.id];
  return {
    width: layout.labelWidthPt - layout.labelHeightPt - padding,
    height: layout.labelHeightPt - 2 * padding,
  };
}

/** pdfkit's own font metrics, remembered: labels of a template repeat their lines. */
export function pdfMeasure(doc: PDFKit.PDFDocument): Measure {
  const widths = new Map<string, number>();
  return (text, font, size) => {
    const key = `${font}\n${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      if (widths.size >= 5000) widths.clear(); // bounded: codes never repeat
      width = doc.font(font).fontSize(1).widthOfString(text);
      widths.set(key, width);
    }
    return width * size;
  };
}

/** The label's texts in characters Helvetica can print (see pdf-fonts.ts). */
export const printableText = (label: LabelTextContent): LabelTextContent => ({
  code: winAnsiText(label.code),
  templateName: winAnsiText(label.templateName),
  details: label.details.map((d) => ({
    property: winAnsiText(d.property),
    value: winAnsiText(d.value),
  })),
});

/** Draws labels on the current page: the QR on the left, its quiet zone inside the label. */
function labelPainter(doc: PDFKit.PDFDocument, layout: LabelLayout) {
  const height = layout.labelHeightPt;
  const padding = PADDING[layout.id];
  const box = labelTextBox(layout);
  const measure = pdfMeasure(doc);
  // The details repeat on every label: converted once per template name and details.
  let lastKey = '';
  let lastPrintable: LabelTextContent | null = null;
  return (label: LabelContent, position: number): void => {
    const { x, y } = labelOrigin(layout, position);
    const matrix = qrMatrix(label.link, layout.errorCorrection);
    const moduleSize = height / (matrix.size + 2 * QUIET_ZONE);
    const quietZone = QUIET_ZONE * moduleSize;
    drawModules(doc, matrix, x + quietZone, y + quietZone, moduleSize);

    const key = JSON.stringify([label.templateName, label.details]);
    if (key !== lastKey || !lastPrintable) {
      lastKey = key;
      lastPrintable = printableText({ ...label, code: '' });
    }
    const text = layoutLabelText(
      measure,
      { ...lastPrintable, code: winAnsiText(label.code) },
      layout.id,
      box,
    );
    // The text starts beside the code's quiet zone, the padding from the label's top.
    const left = x + height;
    const top = y + padding;
    for (const line of text.lines) {
      doc
        .font(line.font)
        .fontSize(line.size)
        .text(line.text, left, top + line.y, { lineBreak: false });
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
