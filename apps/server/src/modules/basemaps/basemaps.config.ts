import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { basemapSchema, BASEMAP_IDS, type Basemap } from '@integration/contracts';
import { DEFAULT_BASEMAPS } from './basemaps.defaults.ts';

/** One entry of BASEMAPS: as the API answers it, with tileSize, maxzoom and attribution optional. */
const basemapSettingSchema = basemapSchema
  .extend({
    tileSize: basemapSchema.shape.tileSize.default(256),
    maxzoom: basemapSchema.shape.maxzoom.default(19),
    attribution: z.string().default(''),
  })
  .strict();

// `{ "basemaps": [...] }` too: the API's own answer, saved and edited, can be fed back.
const unwrap = (value: unknown) =>
  value !== null && typeof value === 'object' && 'basemaps' in value ? value.basemaps : value;

const basemapsSettingSchema = z
  .preprocess(unwrap, z.array(basemapSettingSchema))
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `'${entry.id}' appears twice`,
        });
      }
      seen.add(entry.id);
    });
  });

const describePath = (issuePath: PropertyKey[]) =>
  issuePath
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');

/** The JSON text of the setting: inline when it looks like JSON, else the file it names. */
function readSetting(raw: string): { text: string; source: string } {
  const value = raw.trim();
  if (value.startsWith('[') || value.startsWith('{')) return { text: value, source: 'BASEMAPS' };
  const file = path.resolve(value);
  if (!existsSync(file)) {
    throw new Error(`BASEMAPS is neither JSON nor the path of an existing file: '${value}'.`);
  }
  return { text: readFileSync(file, 'utf8'), source: `BASEMAPS file ${file}` };
}

/**
 * The base layers of the map: the defaults, each replaced by the BASEMAPS entry with its
 * id. Throws a message naming the problem, so a bad setting stops the server at start-up.
 */
export function loadBasemaps(raw: string | undefined): Basemap[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_BASEMAPS.map((b) => ({ ...b }));
  const { text, source } = readSetting(raw);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = basemapsSettingSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const where = describePath(issue.path);
      return where ? `${where}: ${issue.message}` : issue.message;
    });
    throw new Error(
      `${source} is invalid (a list of {id, tiles, tileSize?, attribution?, maxzoom?, overlay?} ` +
        `with id one of ${BASEMAP_IDS.join(', ')}): ${problems.join('; ')}.`,
    );
  }
  const configured = new Map(parsed.data.map((b) => [b.id, b]));
  return DEFAULT_BASEMAPS.map((b) => configured.get(b.id) ?? { ...b });
}
