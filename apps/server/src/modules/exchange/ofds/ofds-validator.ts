import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { MessageKey, MessageVars } from '../../../i18n/translate.ts';

/**
 * Checks of an OFDS package before anything is written. Two layers:
 * - our own structural checks, always: nesting depth and array sizes bounded (before anything
 *   recursive runs), ids present and unique, every span's start and end a node, coordinates
 *   numbers within range. They cost one walk of the document.
 * - the OFDS JSON Schema (draft 2020-12, Ajv2020), when the schema files are installed where
 *   OFDS_SCHEMA_DIR says (by default the reference data beside the repository): the project
 *   does not copy the standard's files, so a server without them checks the structure only and
 *   says so in the import's warnings.
 */

/** One problem: where (a JSON pointer) and what, as Ajv words it or as a catalogue key. */
export interface OfdsProblem {
  path: string;
  message?: string;
  key?: MessageKey;
  vars?: MessageVars;
}

/** Nesting deeper than this is refused before any recursive code (Ajv, deep equality) runs. */
export const MAX_DEPTH = 48;
/** Nodes, spans (each) of one network, and networks of one package. */
export const MAX_ITEMS = 250_000;
export const MAX_NETWORKS = 100;
/** Positions of one span's route. */
export const MAX_ROUTE_POINTS = 100_000;
/** Any other array (providers, phases, links…). */
export const MAX_ARRAY = 10_000;
/** Problems listed in an answer: the first ones, the count says how many in all. */
export const MAX_LISTED = 100;
/**
 * Above this many nodes and spans Ajv stops at its first error: with allErrors a hostile
 * package of 200,000 wrong nodes would make a million error objects.
 */
const ALL_ERRORS_MAX_ITEMS = 20_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON pointer segment escaping (RFC 6901). */
const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Depth and sizes first, iteratively (a stack of work, no recursion): what is refused here never
 * reaches code that recurses. Only the first problem of each kind matters; the walk stops there.
 */
function boundsProblems(root: unknown): OfdsProblem[] {
  const stack: { value: unknown; depth: number; path: string }[] = [
    { value: root, depth: 0, path: '' },
  ];
  while (stack.length) {
    const { value, depth, path: at } = stack.pop() as (typeof stack)[number];
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH)
      return [{ path: at, key: 'exchange.ofdsTooDeep', vars: { max: MAX_DEPTH } }];
    if (Array.isArray(value)) {
      const max = /^\/networks\/\d+\/(nodes|spans)$/.test(at)
        ? MAX_ITEMS
        : /\/route\/coordinates$/.test(at)
          ? MAX_ROUTE_POINTS
          : at === '/networks'
            ? MAX_NETWORKS
            : MAX_ARRAY;
      if (value.length > max)
        return [{ path: at, key: 'exchange.ofdsTooMany', vars: { count: value.length, max } }];
      value.forEach((item, i) => {
        if (typeof item === 'object' && item !== null)
          stack.push({ value: item, depth: depth + 1, path: `${at}/${i}` });
      });
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (typeof item === 'object' && item !== null)
          stack.push({ value: item, depth: depth + 1, path: `${at}/${segment(key)}` });
      }
    }
  }
  return [];
}

const validLngLat = (c: unknown) =>
  Array.isArray(c) &&
  c.length >= 2 &&
  typeof c[0] === 'number' &&
  typeof c[1] === 'number' &&
  Math.abs(c[0]) <= 180 &&
  Math.abs(c[1]) <= 90;

/** Ids of an array of objects: each present once; answers the ids found. */
function uniqueIds(items: unknown, at: string, problems: OfdsProblem[]): Set<string> {
  const seen = new Map<string, number>();
  if (!Array.isArray(items)) return new Set();
  items.forEach((item, i) => {
    if (!isObject(item) || typeof item.id !== 'string' || !item.id) return; // the schema says so
    const first = seen.get(item.id);
    if (first === undefined) seen.set(item.id, i);
    else
      problems.push({
        path: `${at}/${i}/id`,
        key: 'exchange.ofdsDuplicateId',
        vars: { id: item.id, other: `${at}/${first}` },
      });
  });
  return new Set(seen.keys());
}

/** What the schema cannot say: unique ids, spans between nodes, coordinates in range. */
function meaningProblems(pkg: unknown): OfdsProblem[] {
  const problems: OfdsProblem[] = [];
  if (!isObject(pkg) || !Array.isArray(pkg.networks)) {
    return [{ path: '', key: 'exchange.ofdsNoNetworks' }];
  }
  pkg.networks.forEach((network, n) => {
    if (!isObject(network)) return;
    const at = `/networks/${n}`;
    const nodeIds = uniqueIds(network.nodes, `${at}/nodes`, problems);
    uniqueIds(network.spans, `${at}/spans`, problems);
    uniqueIds(network.phases, `${at}/phases`, problems);
    uniqueIds(network.organisations, `${at}/organisations`, problems);
    if (Array.isArray(network.nodes)) {
      network.nodes.forEach((node, i) => {
        const location = isObject(node) ? node.location : undefined;
        if (isObject(location) && location.type === 'Point' && !validLngLat(location.coordinates))
          problems.push({
            path: `${at}/nodes/${i}/location/coordinates`,
            key: 'exchange.ofdsCoordinates',
          });
      });
    }
    if (Array.isArray(network.spans)) {
      network.spans.forEach((span, i) => {
        if (!isObject(span)) return;
        for (const end of ['start', 'end'] as const) {
          const id = span[end];
          if (typeof id === 'string' && id && !nodeIds.has(id))
            problems.push({
              path: `${at}/spans/${i}/${end}`,
              key: 'exchange.ofdsUnknownNode',
              vars: { id },
            });
        }
        const route = span.route;
        if (isObject(route) && route.type === 'LineString') {
          const coordinates = route.coordinates;
          const bad = Array.isArray(coordinates)
            ? coordinates.findIndex((c) => !validLngLat(c))
            : 0;
          if (bad >= 0)
            problems.push({
              path: `${at}/spans/${i}/route/coordinates${Array.isArray(coordinates) ? `/${bad}` : ''}`,
              key: 'exchange.ofdsCoordinates',
            });
        }
      });
    }
  });
  return problems;
}

/** Our own checks: bounds first (nothing else runs past them), then meaning. */
export function structuralProblems(pkg: unknown): OfdsProblem[] {
  const bounds = boundsProblems(pkg);
  return bounds.length ? bounds : meaningProblems(pkg);
}

/** A value's text with its objects' keys sorted: equal values, equal texts (depth is bounded). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The schema's uniqueItems, in linear time: Ajv compares every pair of objects (n² for 100,000
 * nodes). Same message as Ajv's own.
 */
function uniqueItemsLinear(_schema: unknown, data: unknown): boolean {
  if (!Array.isArray(data)) return true;
  const seen = new Map<string, number>();
  for (let i = 0; i < data.length; i++) {
    const text = canonical(data[i]);
    const j = seen.get(text);
    if (j !== undefined) {
      uniqueItemsLinear.errors = [
        {
          keyword: 'uniqueItems',
          message: `must NOT have duplicate items (items ## ${i} and ${j} are identical)`,
          params: { i, j },
        },
      ];
      return false;
    }
    seen.set(text, i);
  }
  return true;
}
uniqueItemsLinear.errors = undefined as Partial<ErrorObject>[] | undefined;

/** The schema with every `uniqueItems: true` turned into our linear keyword. */
function linearUnique(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(linearUnique);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'uniqueItems' && value === true) out.ofdsUniqueItems = true;
    else out[key] = linearUnique(value);
  }
  return out;
}

/** Where the OFDS schema files are: OFDS_SCHEMA_DIR, else the reference data beside the repo. */
export function ofdsSchemaDir(): string {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
  return path.resolve(
    repoRoot,
    process.env.OFDS_SCHEMA_DIR ?? '../shared/data/standards/ofds/schema',
  );
}

interface Validators {
  all: ValidateFunction;
  first: ValidateFunction;
}

let loading: Promise<Validators | null> | null = null;

// ajv and ajv-formats are CommonJS: their default export may sit one level down.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

async function compile(dir: string, allErrors: boolean): Promise<ValidateFunction> {
  const read = async (name: string) =>
    linearUnique(JSON.parse(await readFile(path.join(dir, name), 'utf8'))) as object;
  const ajv = new Ajv2020({
    allErrors,
    allowUnionTypes: true,
    strictTuples: false,
    strictTypes: false,
    logger: false,
  });
  addFormats(ajv);
  // Not in ajv-formats: an IRI is what the URL parser accepts.
  ajv.addFormat('iri', (value: string) => URL.canParse(value));
  ajv.addKeyword({ keyword: ['codelist', 'openCodelist'] });
  ajv.addKeyword({
    keyword: 'ofdsUniqueItems',
    type: 'array',
    errors: true,
    validate: uniqueItemsLinear,
  });
  ajv.addSchema(await read('network-schema.json'));
  return ajv.compile(await read('network-package-schema.json'));
}

/** The compiled package schema (both modes), or null when the schema files are not there. */
export function ofdsValidators(dir = ofdsSchemaDir()): Promise<Validators | null> {
  if (!loading) {
    loading = existsSync(path.join(dir, 'network-package-schema.json'))
      ? Promise.all([compile(dir, true), compile(dir, false)]).then(([all, first]) => ({
          all,
          first,
        }))
      : Promise.resolve(null);
    // A schema that failed to load is tried again at the next import.
    loading.catch(() => (loading = null));
  }
  return loading;
}

const itemCount = (pkg: unknown) =>
  isObject(pkg) && Array.isArray(pkg.networks)
    ? pkg.networks.reduce<number>(
        (n, net) =>
          n +
          (isObject(net) && Array.isArray(net.nodes) ? net.nodes.length : 0) +
          (isObject(net) && Array.isArray(net.spans) ? net.spans.length : 0),
        0,
      )
    : 0;

/**
 * The package checked: our structural problems, then (when they pass and the schema is
 * installed) the schema's. `schema` says whether the schema was used.
 */
export async function checkOfdsPackage(
  pkg: unknown,
): Promise<{ problems: OfdsProblem[]; schema: boolean }> {
  const bounds = boundsProblems(pkg);
  if (bounds.length) return { problems: bounds, schema: false };
  const validators = await ofdsValidators();
  const problems: OfdsProblem[] = [];
  if (validators) {
    const validate = itemCount(pkg) <= ALL_ERRORS_MAX_ITEMS ? validators.all : validators.first;
    if (!validate(pkg)) {
      for (const error of validate.errors ?? []) {
        problems.push({ path: error.instancePath, message: error.message ?? error.keyword });
      }
    }
  }
  problems.push(...meaningProblems(pkg));
  return { problems, schema: validators !== null };
}
