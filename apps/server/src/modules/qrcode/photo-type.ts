/**
 * The image type of a photo, read from its first bytes (the Content-Type a client sends is only
 * a claim). JPEG, PNG and WebP are what browsers capture; HEIC is what iPhones keep.
 */
export function photoType(bytes: Uint8Array): string | null {
  const at = (offset: number, text: string) =>
    Buffer.from(bytes.subarray(offset, offset + text.length)).toString('latin1') === text;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  if (at(4, 'ftyp') && ['heic', 'heix', 'mif1', 'msf1'].some((brand) => at(8, brand))) {
    return 'image/heic';
  }
  return null;
}
