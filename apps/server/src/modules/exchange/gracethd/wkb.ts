/** A point as hex WKB (little endian), what the GDAL worker's VRT reads: no database round trip. */
export function pointWkb(lng: number, lat: number): string {
  const buffer = Buffer.alloc(21);
  buffer.writeUInt8(1, 0);
  buffer.writeUInt32LE(1, 1);
  buffer.writeDoubleLE(lng, 5);
  buffer.writeDoubleLE(lat, 13);
  return buffer.toString('hex');
}
