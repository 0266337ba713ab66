import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileProblem } from './file-errors.ts';

/** Whether one KML coordinates text holds only tuples of finite numbers ("lng,lat[,alt] …"). */
export function finiteKmlCoordinates(text: string): boolean {
  const scanner = new TupleScanner();
  return scanner.push(text) && scanner.end();
}

/** Longer than any "lng,lat,alt" a GIS tool writes: a run past it is not a tuple. */
const MAX_TUPLE_CHARS = 200;
/** XML white space: space, tab, line feed, carriage return. */
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;
const COMMA = 44;

/**
 * Checks a coordinates text piece by piece, as it streams: tuples are separated by white space
 * (a space after a comma still belongs to the tuple, "lng, lat" is common), each a list of two
 * or three finite numbers. Linear, and holds at most one tuple between pieces.
 */
class TupleScanner {
  private tuple = '';

  push(text: string): boolean {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (!isSpace(text.charCodeAt(i))) continue;
      if (i > start) this.tuple += text.slice(start, i);
      start = i + 1;
      // A space after a comma still belongs to the tuple.
      if (this.tuple === '' || this.tuple.charCodeAt(this.tuple.length - 1) === COMMA) continue;
      if (!this.flush()) return false;
    }
    if (start < text.length) this.tuple += text.slice(start);
    return this.tuple.length <= MAX_TUPLE_CHARS;
  }

  end(): boolean {
    return this.flush();
  }

  /** Whether the tuple read holds two or more numbers, all finite (empty parts are skipped). */
  private flush(): boolean {
    const tuple = this.tuple;
    this.tuple = '';
    if (tuple === '') return true;
    let numbers = 0;
    for (let from = 0; from <= tuple.length;) {
      let comma = tuple.indexOf(',', from);
      if (comma < 0) comma = tuple.length;
      if (comma > from) {
        if (!Number.isFinite(Number(tuple.slice(from, comma)))) return false;
        numbers++;
      }
      from = comma + 1;
    }
    return numbers >= 2;
  }
}

/**
 * Finds each `<coordinates>` element of a KML (with or without a namespace prefix) in a stream of
 * text pieces, with indexOf only: a regex over the whole file was quadratic on a KML of unclosed
 * tags and froze the server. Keeps at most a tag's worth of text between pieces.
 */
class CoordinatesScanner {
  /** 1-based index of the coordinates element being read, or of the last one read. */
  index = 0;
  private inside = false;
  private carry = '';
  private readonly tuples = new TupleScanner();

  /** False as soon as a coordinates element holds something other than finite tuples. */
  push(piece: string): boolean {
    let text = this.carry + piece;
    this.carry = '';
    let at = 0;
    for (;;) {
      if (!this.inside) {
        const tag = openingTag(text, at);
        if (tag === 'more') {
          this.carry = text.slice(Math.max(at, text.length - MAX_TAG_CHARS));
          return true;
        }
        if (tag.carryFrom !== undefined) {
          this.carry = text.slice(tag.carryFrom);
          return true;
        }
        this.inside = true;
        this.index++;
        at = tag.end;
      } else {
        const lt = text.indexOf('<', at);
        if (lt < 0) return this.tuples.push(text.slice(at));
        if (!this.tuples.push(text.slice(at, lt))) return false;
        const close = closingTag(text, lt);
        if (close === 'more') {
          this.carry = text.slice(lt);
          return true;
        }
        // Any other tag ends the text too: GDAL then refuses the malformed element itself.
        this.inside = false;
        if (!this.tuples.end()) return false;
        at = close ?? lt;
      }
      text = text.slice(at);
      at = 0;
    }
  }

  end(): boolean {
    return !this.inside || this.tuples.end();
  }
}

const NAME = 'coordinates';
/** A tag with its namespace prefix and attributes rarely passes this; longer ones are skipped. */
const MAX_TAG_CHARS = 512;

/** A character of an XML namespace prefix we accept: [A-Za-z0-9_.-] (no regex: called per character). */
function isNameChar(code: number): boolean {
  const lower = code | 0x20;
  return (
    (lower >= 97 && lower <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}

/**
 * The next `<coordinates …>` or `<prefix:coordinates …>` from `at`: where its text starts, where
 * to keep reading from once more text has come, or 'more' when there is none in `text`.
 */
function openingTag(text: string, at: number): { end: number; carryFrom?: number } | 'more' {
  let from = at;
  for (;;) {
    const found = text.indexOf(NAME, from);
    if (found < 0) return 'more';
    from = found + NAME.length;
    let lt = found - 1;
    if (text.charAt(lt) === ':') {
      while (lt > found - MAX_TAG_CHARS && lt > 0 && isNameChar(text.charCodeAt(lt - 1))) lt--;
      lt--;
    }
    if (text.charAt(lt) !== '<') continue;
    const next = text.charAt(from);
    if (next === '') return { end: 0, carryFrom: lt };
    if (next !== '>' && next !== '/' && !isSpace(next.charCodeAt(0))) continue;
    const gt = text.indexOf('>', from);
    if (gt < 0) {
      // An opening tag cut at the end of the piece; a longer one is no tag worth waiting for.
      return text.length - lt < MAX_TAG_CHARS ? { end: 0, carryFrom: lt } : 'more';
    }
    if (text.charAt(gt - 1) === '/') continue; // <coordinates/>: empty
    return { end: gt + 1 };
  }
}

/** Where the text after `</coordinates>` (prefixed or not) at `lt` starts, null for another tag. */
function closingTag(text: string, lt: number): number | null | 'more' {
  const gt = text.indexOf('>', lt);
  if (gt < 0) return text.length - lt < MAX_TAG_CHARS ? 'more' : null;
  const tag = text.slice(lt + 1, gt).trim();
  if (!tag.startsWith('/')) return null;
  const name = tag.slice(1).trim();
  const local = name.slice(name.indexOf(':') + 1);
  return local === NAME ? gt + 1 : null;
}

/**
 * SPEC §5: coordinates must be finite numbers. GDAL's KML reader quietly drops a geometry it
 * cannot parse, so a placemark with "1e999,nan" would vanish; it is refused here instead, naming
 * it. The file is streamed: a KML can be hundreds of MB.
 */
export async function checkKmlCoordinates(file: string, label: string): Promise<void> {
  const scanner = new CoordinatesScanner();
  // 64 KB pieces: the scan costs up to ~0.2 s per MB of hostile text, and other requests are
  // served between pieces, so none waits more than a few ms behind it.
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
  let finite = true;
  for await (const piece of stream) {
    if (!scanner.push(piece as string)) {
      finite = false;
      stream.destroy();
      break;
    }
  }
  if (finite && scanner.end()) return;
  throw fileProblem(422, 'files.coordinatesNotFinite', {
    file: label,
    layer: path.basename(label, path.extname(label)),
    index: scanner.index,
  });
}

export const scanKmlCoordinatesForTest = (pieces: string[]) => {
  const scanner = new CoordinatesScanner();
  const ok = pieces.every((p) => scanner.push(p)) && scanner.end();
  return { ok, count: scanner.index };
};
