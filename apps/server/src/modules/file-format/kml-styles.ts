import { Transform } from 'node:stream';

const PLACEMARK = '<Placemark';
const PLACEMARK_END = '</Placemark>';
const STYLE_FIELD = '<SimpleField name="OGR_STYLE"';
const STYLE_DATA = '<SimpleData name="OGR_STYLE">';
const DATA_END = '</SimpleData>';
const SYMBOL = 'SYMBOL(id:&quot;';
/** Where a point's <IconStyle> goes: before the first of these lines (else before </Placemark>). */
const BEFORE = ['<ExtendedData>', '<Point>', '<MultiGeometry>'];

/** Start of the line holding `at`. */
const lineStart = (text: string, at: number) => (at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1);

/** End of the line holding `at`, its newline included (or the text's end). */
function lineEnd(text: string, at: number): number {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline + 1;
}

const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';

/** Is what sits at `at` the first thing on its line (after blanks)? */
function startsLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && text[i] !== '\n'; i--) if (!blank(text[i])) return false;
  return true;
}

/** The start of the first line of `text` that starts with `tag`, or -1. */
function lineWith(text: string, tag: string): number {
  for (let at = text.indexOf(tag); at >= 0; at = text.indexOf(tag, at + 1))
    if (startsLine(text, at)) return lineStart(text, at);
  return -1;
}

/** Text between placemarks (document, folders, schemas): without the OGR_STYLE field. */
function outside(text: string, parts: string[]): void {
  let at = 0;
  for (let found = text.indexOf(STYLE_FIELD); found >= 0; found = text.indexOf(STYLE_FIELD, at)) {
    if (startsLine(text, found)) {
      parts.push(text.slice(at, lineStart(text, found)));
      at = lineEnd(text, found);
    } else {
      parts.push(text.slice(at, found + 1));
      at = found + 1;
    }
  }
  parts.push(text.slice(at));
}

/** One placemark, whole lines: its style text dropped, a point's icon added. */
function placemark(text: string, icon: (href: string) => string, parts: string[]): void {
  const data = text.indexOf(STYLE_DATA);
  if (data < 0 || !startsLine(text, data)) {
    parts.push(text);
    return;
  }
  const from = lineStart(text, data);
  const to = lineEnd(text, data);
  let last = to;
  while (last > data && blank(text[last - 1])) last--;
  // GDAL writes one <SimpleData> per line: a line that ends otherwise is left as it is.
  const close = last - DATA_END.length;
  if (close < data || !text.startsWith(DATA_END, close)) {
    parts.push(text);
    return;
  }
  const kept = text.slice(0, from) + text.slice(to);
  const value = data + STYLE_DATA.length;
  const end = text.startsWith(SYMBOL, value) ? text.indexOf('&quot;', value + SYMBOL.length) : -1;
  if (end < 0 || end > close) {
    parts.push(kept);
    return;
  }
  let at = -1;
  for (const tag of BEFORE) {
    const found = lineWith(kept, tag);
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  if (at < 0) {
    // Before the last line, </Placemark>.
    at = kept.length;
    while (at > 0 && blank(kept[at - 1])) at--;
    at = lineStart(kept, at);
  }
  parts.push(kept.slice(0, at), icon(text.slice(value + SYMBOL.length, end)), kept.slice(at));
}

/** Whole lines of `text`, placemarks complete (but maybe the last, at the end of the file): rewritten. */
function rewrite(text: string, icon: (href: string) => string): string {
  const parts: string[] = [];
  let at = 0;
  for (let open = text.indexOf(PLACEMARK); open >= 0; open = text.indexOf(PLACEMARK, at)) {
    if (!startsLine(text, open)) {
      // Not a placemark's opening line: passed on with the text around it.
      const end = lineEnd(text, open);
      outside(text.slice(at, end), parts);
      at = end;
      continue;
    }
    const start = lineStart(text, open);
    outside(text.slice(at, start), parts);
    const close = text.indexOf(PLACEMARK_END, open);
    const end = close < 0 ? text.length : lineEnd(text, close);
    placemark(text.slice(start, end), icon, parts);
    at = end;
  }
  outside(text.slice(at), parts);
  return parts.join('');
}

/** How much of `text` can be rewritten now: whole lines, and no placemark left open. */
function ready(text: string): number {
  const open = text.lastIndexOf(PLACEMARK);
  if (open >= 0 && text.indexOf(PLACEMARK_END, open) < 0) return lineStart(text, open);
  return text.lastIndexOf('\n') + 1;
}

/**
 * Completes GDAL's KML: its KML writer turns a feature's OGR style into <Style> for lines and
 * polygons (PEN, BRUSH) but not icons (SYMBOL), and keeps the style text as ExtendedData. This
 * stream gives each point its <IconStyle> from the template's icon and drops the style text,
 * a placemark at a time (GDAL writes one element per line). The bytes are read as Latin-1, one
 * character each, so that nothing is decoded or encoded again (the tags looked for are ASCII,
 * and GDAL escapes values: a tag found is GDAL's own markup).
 */
export function kmlIconStyles(publicUrl: string): Transform {
  let rest = '';
  // The publicUrl's UTF-8 bytes, one Latin-1 character each, as the text around it.
  const base = Buffer.from(publicUrl, 'utf8').toString('latin1');
  const icon = (href: string) =>
    `\t<Style><IconStyle><Icon><href>${href.startsWith('/') ? base + href : href}</href></Icon></IconStyle></Style>\n`;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rest + chunk.toString('latin1');
      const cut = ready(text);
      rest = text.slice(cut);
      callback(null, cut ? Buffer.from(rewrite(text.slice(0, cut), icon), 'latin1') : undefined);
    },
    flush(callback) {
      const text = rest;
      rest = '';
      callback(null, text ? Buffer.from(rewrite(text, icon), 'latin1') : undefined);
    },
  });
}
