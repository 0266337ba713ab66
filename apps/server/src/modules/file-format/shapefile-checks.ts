import { open } from 'node:fs/promises';
import { fileProblem } from './file-errors.ts';

/** Shape types of the ESRI Shapefile Technical Description (1998). */
export const SHAPE_TYPES: Record<number, string> = {
  0: 'Null',
  1: 'Point',
  3: 'PolyLine',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'PointZ',
  13: 'PolyLineZ',
  15: 'PolygonZ',
  18: 'MultiPointZ',
  21: 'PointM',
  23: 'PolyLineM',
  25: 'PolygonM',
  28: 'MultiPointM',
  31: 'MultiPatch',
};

const HEADER_BYTES = 100;
const FILE_CODE = 9994;

/**
 * Checks the main file's header before GDAL reads it: its magic number, a length that the
 * file really holds (a truncated upload), and a shape type of the specification.
 */
export async function checkShpHeader(file: string, label: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, 0);
    if (bytesRead >= 4 && header.readInt32BE(0) !== FILE_CODE) {
      throw fileProblem(422, 'files.shpInvalid', { file: label });
    }
    if (bytesRead < HEADER_BYTES) {
      throw fileProblem(422, 'files.shpTruncated', {
        file: label,
        expected: HEADER_BYTES,
        actual: size,
      });
    }
    const declared = header.readInt32BE(24) * 2;
    if (declared > size) {
      throw fileProblem(422, 'files.shpTruncated', {
        file: label,
        expected: declared,
        actual: size,
      });
    }
    const type = header.readInt32LE(32);
    if (!(type in SHAPE_TYPES)) {
      throw fileProblem(422, 'files.unknownShapeType', { file: label, type });
    }
  } finally {
    await handle.close();
  }
}

/** The first `bytes` of a small text file (a .prj, a .cpg): never the whole of a hostile one. */
export async function readHead(file: string, bytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/** The largest .prj read: real ones (WKT, even ESRI's with TOWGS84) hold well under 4 KB. */
const PRJ_MAX_BYTES = 65_536;

export type PrjCheck =
  { ok: true } | { ok: false; reason: 'files.prjHtml' | 'files.prjNotWkt' | 'files.prjTooLarge' };

/** A .prj must hold a WKT definition; an HTML page (a download gone wrong) is the usual impostor. */
export async function checkPrj(file: string): Promise<PrjCheck> {
  const head = await readHead(file, PRJ_MAX_BYTES + 1);
  if (head.length > PRJ_MAX_BYTES) return { ok: false, reason: 'files.prjTooLarge' };
  const text = head.trim();
  if (/^<|<html|<!doctype/i.test(text)) return { ok: false, reason: 'files.prjHtml' };
  if (!/^[A-Z_]+\s*\[/i.test(text)) return { ok: false, reason: 'files.prjNotWkt' };
  return { ok: true };
}
