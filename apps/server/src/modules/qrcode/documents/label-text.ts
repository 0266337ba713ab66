import type { LabelLayoutId } from './label-layouts.ts';
import { LABEL_FONTS } from './pdf-fonts.ts';

/**
 * Where a label's words go: the code on one line, then the template's name and each detail
 * wrapped at word boundaries, all shrunk together until they fit, down to a size still
 * readable on that stock. The same rule decides the PDF and the labels dialog's "does not
 * fit" warning, so what the dialog says is what the printer prints.
 */

/** Width of `text` in `font` at `size` points (pdfkit's metrics in the PDF and the check). */
export type Measure = (text: string, font: string, size: number) => number;

export interface LabelTextContent {
  code: string;
  templateName: string;
  details: { property: string; value: string }[];
}

export type LabelPart = 'code' | 'name' | `detail:${number}`;

export interface PlacedLine {
  text: string;
  font: string;
  size: number;
  /** Offset of the line's top from the text box's top, in points. */
  y: number;
}

export interface LabelTextLayout {
  lines: PlacedLine[];
  /** What is not printed whole: 'code', 'name' or 'detail:<index in details>'. */
  cut: LabelPart[];
}

export interface LabelTextBox {
  width: number;
  height: number;
}

interface Typography {
  codeMax: number;
  name: number;
  detail: number;
  /** The smallest size text is shrunk to: below it, a crew cannot read it on the pole. */
  minimum: number;
}

export const LABEL_TYPOGRAPHY: Record<LabelLayoutId, Typography> = {
  'a4-21': { codeMax: 16, name: 8, detail: 6.5, minimum: 5 },
  'a4-65': { codeMax: 10, name: 5.5, detail: 5, minimum: 4.5 },
  'roll-50x30': { codeMax: 14, name: 7, detail: 6, minimum: 5 },
};

const { bold: BOLD, regular: REGULAR } = LABEL_FONTS;
const LINE_HEIGHT = 1.2;
const CODE_LINE_HEIGHT = 1.15;
const STEP = 0.25;
const ELLIPSIS = '…';

/** A free text detail has no property: its text alone. */
export const detailText = (d: { property: string; value: string }) =>
  d.property ? `${d.property}: ${d.value}` : d.value;

/** `text` broken into lines no wider than `width`: at spaces, and inside a word too long. */
export function wrapText(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    // A word wider than the box (a phone number without spaces, a URL) is split where it must.
    while (!fits(rest)) {
      const n = Math.max(
        1,
        longestFitting(rest.length - 1, (k) => fits(rest.slice(0, k))),
      );
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

function cutWithEllipsis(text: string, fits: (line: string) => boolean): string {
  const n = longestFitting(text.length, (k) => fits(text.slice(0, k).trimEnd() + ELLIPSIS));
  return text.slice(0, n).trimEnd() + ELLIPSIS;
}

/**
 * The largest n in [0, max] whose prefix fits (0 if none): a binary search, as a prefix is
 * never narrower than a shorter one. A 200-character word is measured ~8 times a line, not
 * ~200 (a sheet of such labels held the server for seconds).
 */
function longestFitting(max: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function layoutLabelText(
  measure: Measure,
  content: LabelTextContent,
  layoutId: LabelLayoutId,
  box: LabelTextBox,
): LabelTextLayout {
  const type = LABEL_TYPOGRAPHY[layoutId];
  const cut: LabelPart[] = [];
  const lines: PlacedLine[] = [];

  // The code as large as fits, never below the readable minimum; a code longer still loses its end.
  const widthAtOne = Math.max(measure(content.code, BOLD, 1), 0.01);
  // Just under the full width: at exactly it, rounding may measure the code a hair too long.
  const codeSize = Math.max(type.minimum, Math.min(type.codeMax, (0.995 * box.width) / widthAtOne));
  const codeFits = (line: string) => measure(line, BOLD, codeSize) <= box.width;
  let code = content.code;
  if (!codeFits(code)) {
    code = cutWithEllipsis(code, codeFits);
    cut.push('code');
  }
  lines.push({ text: code, font: BOLD, size: codeSize, y: 0 });
  const top = codeSize * CODE_LINE_HEIGHT;
  const room = box.height - top;

  const texts: { part: LabelPart; text: string; size: number }[] = [
    { part: 'name' as const, text: content.templateName, size: type.name },
    ...content.details.map((d, i) => ({
      part: `detail:${i}` as const,
      text: detailText(d),
      size: type.detail,
    })),
  ].filter((t) => t.text.trim());

  const wrapAt = (scale: number) =>
    texts.map((t) => {
      const size = Math.max(type.minimum, t.size * scale);
      const fits = (line: string) => measure(line, REGULAR, size) <= box.width;
      return { part: t.part, size, fits, lines: wrapText(t.text, fits) };
    });
  const heightOf = (blocks: ReturnType<typeof wrapAt>) =>
    blocks.reduce((sum, b) => sum + b.lines.length * b.size * LINE_HEIGHT, 0);

  // Shrink everything together, a quarter point at a time, until it fits or all is minimal.
  const largest = Math.max(type.name, type.detail);
  let blocks = wrapAt(1);
  for (let size = largest; heightOf(blocks) > room && size - STEP >= type.minimum - 1e-9;) {
    size -= STEP;
    blocks = wrapAt(size / largest);
  }

  let y = top;
  for (const block of blocks) {
    const lineHeight = block.size * LINE_HEIGHT;
    for (const [i, text] of block.lines.entries()) {
      const last = i === block.lines.length - 1;
      if (y + block.size > box.height + 1e-6) {
        if (!cut.includes(block.part)) cut.push(block.part);
        break;
      }
      // The last line that fits says that more was there.
      const nextWontFit = y + lineHeight + block.size > box.height + 1e-6;
      const shown = !last && nextWontFit ? cutWithEllipsis(text, block.fits) : text;
      if (shown !== text && !cut.includes(block.part)) cut.push(block.part);
      lines.push({ text: shown, font: REGULAR, size: block.size, y });
      y += lineHeight;
    }
  }
  return { lines, cut };
}
