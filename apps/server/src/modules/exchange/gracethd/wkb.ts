/** A point as hex WKB (little endian), what the GDAL worker's VRT reads: no database round trip. */
export function pointWkb(lng: number, lat: number): string {
  const buffer = Buffer.alloc(21);
  buffer.writeUInt8(1, 0);
  buffer.writeUInt32LE(1, 1);
  buffer.writeDoubleLE(lng, 5);
  buffer.writeDoubleLE(lat, 13);
  return buffer.toString('hex');
}

/** A point's hex WKB (as pointWkb writes it) read back; null for anything else. */
export function readPointWkb(hex: unknown): { lng: number; lat: number } | null {
  if (typeof hex !== 'string' || hex.length !== 42) return null;
  const buffer = Buffer.from(hex, 'hex');
  if (buffer.readUInt8(0) !== 1 || buffer.readUInt32LE(1) !== 1) return null;
  return { lng: buffer.readDoubleLE(5), lat: buffer.readDoubleLE(13) };
}
