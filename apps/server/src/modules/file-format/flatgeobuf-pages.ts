/**
 * FlatGeobuf files written page by page (PostGIS's ST_AsFlatGeobuf, one call per page) joined
 * into one: the first page's magic bytes and header, then every page's features. Without a
 * spatial index the features follow the header directly, and PostGIS writes a feature count of
 * 0 (unknown): GDAL reads features to the end of the file, however many pages it holds.
 */

/** 'fgb', version 3, 'fgb', patch level: the first 8 bytes of every FlatGeobuf file. */
const MAGIC = [0x66, 0x67, 0x62, 0x03, 0x66, 0x67, 0x62];

/**
 * The layer name GDAL gives a FlatGeobuf whose header names none (PostGIS writes no name): the
 * VRT over a page stream reads that layer.
 */
export const FLATGEOBUF_LAYER = 'unknown';

/** A page's bytes split into its magic and header, and its features (views, not copies). */
export function splitFlatGeobuf(page: Uint8Array): { header: Uint8Array; features: Uint8Array } {
  if (page.length < 12 || MAGIC.some((byte, i) => page[i] !== byte))
    throw new Error('not a FlatGeobuf page');
  // 8 magic bytes, then the header: a FlatBuffer prefixed by its size (little-endian uint32).
  const size = new DataView(page.buffer, page.byteOffset, page.byteLength).getUint32(8, true);
  const end = 12 + size;
  if (end > page.length) throw new Error('a FlatGeobuf page shorter than its header');
  return { header: page.subarray(0, end), features: page.subarray(end) };
}

/**
 * Turns the empty texts of a page's features into no value. PostGIS (3.3 at least) numbers a
 * feature's properties by their rank among the non-null ones (a null is skipped without being
 * counted), so one null would shift every later value into the wrong column: exports write ''
 * instead, and here each '' property is moved to the text column's spare, one of as many
 * columns after the `columns` read (nulls in every row: being last, they shift nothing), which
 * no layer reads; GDAL refuses a column set twice in a feature, hence one spare each. In place:
 * only 2-byte column numbers change, nothing is copied or decoded.
 * `intColumns`: how many first columns hold a 4-byte integer (the id); the others hold text.
 */
export function emptyTextsAsNull(features: Uint8Array, intColumns: number, columns: number): void {
  const spareOffset = columns - intColumns;
  const view = new DataView(features.buffer, features.byteOffset, features.byteLength);
  for (let at = 0; at + 4 <= features.length;) {
    // A feature: its size, then a FlatBuffer whose root table's field 1 is the properties.
    const size = view.getUint32(at, true);
    const buffer = at + 4;
    at = buffer + size;
    const table = buffer + view.getUint32(buffer, true);
    const vtable = table - view.getInt32(table, true);
    if (view.getUint16(vtable, true) < 8) continue;
    const field = view.getUint16(vtable + 6, true);
    if (!field) continue;
    const vector = table + field + view.getUint32(table + field, true);
    const end = vector + 4 + view.getUint32(vector, true);
    for (let p = vector + 4; p < end;) {
      const column = view.getUint16(p, true);
      p += 2;
      if (column < intColumns) {
        p += 4;
        continue;
      }
      const length = view.getUint32(p, true);
      if (length === 0) view.setUint16(p - 2, column + spareOffset, true);
      p += 4 + length;
    }
  }
}
