import { zipOf } from './test-uploads.ts';

/** Test support: the damaged and hostile archives of issue 14, built as an attacker would. */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * A zip of one `bytes`-long entry that declares an uncompressed size of 1, in the local header
 * (offset 22) and the central directory (offset 24): its data inflates to more than it says.
 */
export async function sizeLyingZip(name: string, bytes: number): Promise<Buffer> {
  const zip = await zipOf([{ name, data: Buffer.alloc(bytes, 'a') }]);
  if (zip.readUInt32LE(0) === LOCAL_HEADER) zip.writeUInt32LE(1, 22);
  const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  if (central < 0 || zip.readUInt32LE(central) !== CENTRAL_HEADER) throw new Error('no directory');
  zip.writeUInt32LE(1, central + 24);
  return zip;
}

/** A zip whose one entry's deflate data starts with 0xff bytes: what a damaged download is. */
export async function corruptZip(name: string, data: Buffer): Promise<Buffer> {
  const zip = await zipOf([{ name, data }]);
  const start = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  zip.fill(0xff, start, start + 8);
  return zip;
}

/** A KML of `count` opening `<coordinates>` tags that never close (a regex over it was quadratic). */
export const unclosedCoordinatesKml = (count: number) =>
  `<?xml version="1.0"?><kml><Placemark><Point>${'<coordinates>'.repeat(count)}`;
