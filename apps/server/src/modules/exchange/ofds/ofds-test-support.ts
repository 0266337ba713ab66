import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ofdsSchemaDir } from './ofds-validator.ts';

/** Test support: the OFDS reference data (read where it is, never copied) and zips read back. */

/** The standard's folder: schema/, examples/, codelists/. */
export const OFDS_DIR = path.dirname(ofdsSchemaDir());
export const hasOfdsSchema = existsSync(path.join(OFDS_DIR, 'schema/network-package-schema.json'));

export const ofdsExample = (name: string) =>
  readFileSync(path.join(OFDS_DIR, 'examples', name), 'utf8');

const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * The package schema compiled as the research note says (Ajv 2020, formats, `iri`, the codelist
 * annotations), with Ajv's own uniqueItems: independent of the server's validator.
 */
export function referenceValidator(): ValidateFunction {
  const read = (name: string) =>
    JSON.parse(readFileSync(path.join(OFDS_DIR, 'schema', name), 'utf8')) as object;
  const ajv = new Ajv2020({
    allErrors: true,
    allowUnionTypes: true,
    strictTuples: false,
    strictTypes: false,
    logger: false,
  });
  addFormats(ajv);
  ajv.addFormat('iri', (value: string) => URL.canParse(value));
  ajv.addKeyword({ keyword: ['codelist', 'openCodelist'] });
  ajv.addSchema(read('network-schema.json'));
  return ajv.compile(read('network-package-schema.json'));
}

/** The entries of a zip as our zip writer makes them (deflated, sizes in the local headers). */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const compressed = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    const data = zip.subarray(start, start + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at = start + compressed;
  }
  return entries;
}
