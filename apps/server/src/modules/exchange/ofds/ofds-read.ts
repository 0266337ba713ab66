import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileProblem } from '../../file-format/file-errors.ts';
import type { UploadedFile } from '../../file-format/upload-sources.ts';
import { isOfdsFeatureCollection, packageFromGeoJson, tooManyFeatures } from './ofds-geojson.ts';
import type { OfdsPackage } from './ofds-model.ts';
import { MAX_ITEMS } from './ofds-validator.ts';

/**
 * OFDS packages are read whole: JSON.parse of one file holds the event loop while it runs (about
 * a second for 50 MB) and the parsed document takes several times its size in memory. Larger
 * networks are published as several packages (OFDS's own pagination) and imported one by one.
 */
export const OFDS_MAX_BYTES = 50 * 1024 * 1024;

const JSON_EXTENSIONS = new Set(['.json', '.geojson']);

/**
 * The OFDS package of the uploads: the networks of every package file, or those the OFDS
 * GeoJSON files (nodes and spans feature collections) hold. 413 over the size limit, 422 for a
 * file that is not JSON or not OFDS.
 */
export async function readOfdsUploads(uploads: UploadedFile[]): Promise<OfdsPackage> {
  const files = uploads.filter((u) => JSON_EXTENSIONS.has(path.extname(u.name).toLowerCase()));
  let total = 0;
  for (const file of files) total += (await stat(file.abs)).size;
  if (total > OFDS_MAX_BYTES)
    throw fileProblem(413, 'exchange.ofdsTooLarge', { max: OFDS_MAX_BYTES / 1024 / 1024 });

  const networks: unknown[] = [];
  const collections: { features: unknown[] }[] = [];
  for (const file of files) {
    let doc: unknown;
    try {
      // A byte order mark is no JSON, but editors write one.
      doc = JSON.parse((await readFile(file.abs, 'utf8')).replace(/^\uFEFF/, ''));
    } catch (error) {
      throw fileProblem(422, 'exchange.ofdsNotJson', {
        file: file.name,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    if (typeof doc === 'object' && doc !== null && 'networks' in doc) {
      const list = (doc as { networks: unknown }).networks;
      // A package whose `networks` is not a list is checked (and refused) as it is.
      if (!Array.isArray(list)) return doc as OfdsPackage;
      if (networks.length + list.length > MAX_ITEMS)
        throw fileProblem(422, 'exchange.ofdsTooMany', {
          count: networks.length + list.length,
          max: MAX_ITEMS,
        });
      networks.push(...list);
    } else if (isOfdsFeatureCollection(doc)) {
      if (tooManyFeatures(doc))
        throw fileProblem(422, 'exchange.ofdsTooMany', {
          count: doc.features.length,
          max: 2 * MAX_ITEMS,
        });
      collections.push(doc);
    }
  }
  if (collections.length) networks.push(...packageFromGeoJson(collections).networks);
  if (!networks.length) throw fileProblem(422, 'exchange.ofdsNoNetworks');
  return { networks } as OfdsPackage;
}
