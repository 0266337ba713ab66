/**
 * Malformed inputs generated from the OpenAPI document: a plausible body built from each
 * schema, then one field at a time replaced by a hostile value. Pure functions, no I/O.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  format?: string;
}

/** Values that have broken servers: wrong types, extremes, NUL and lone surrogates, sizes. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  '',
  ' 1 ',
  '0x1',
  'a\u0000b',
  '\ud800',
  'x'.repeat(100_000),
  [],
  {},
  [null],
  [[[[[[[[[[1]]]]]]]]]],
];

/** A value the schema would plausibly accept: required fields, first choices, small numbers. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], depth);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name)) value[name] = sample(property, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, depth + 1),
      );
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'f'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    default:
      return 'f';
  }
}

type Path = (string | number)[];

/** Every place in a value where another value could stand: fields, items, and the root. */
export function paths(value: unknown, at: Path = []): Path[] {
  const found: Path[] = [at];
  if (Array.isArray(value)) value.forEach((item, i) => found.push(...paths(item, [...at, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...at, key]));
  }
  return found;
}

/** A copy of `value` with `replacement` at `path` (the root when the path is empty). */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = replacement;
  return copy;
}

/** The malformed bodies for one schema: each place × each hostile value, plus extra fields. */
export function malformedBodies(
  schema: JsonSchema,
  base: unknown = sample(schema),
): { label: string; body: unknown }[] {
  const bodies: { label: string; body: unknown }[] = [];
  for (const path of paths(base)) {
    for (const bad of HOSTILE_VALUES) {
      bodies.push({
        label: `${path.join('.') || '(root)'} = ${describe(bad)}`,
        body: replaceAt(base, path, bad),
      });
    }
  }
  // Optional fields are not in the sample: give each one hostile values too.
  const optional = Object.keys(schema.properties ?? {}).filter(
    (k) => !schema.required?.includes(k),
  );
  for (const name of optional) {
    for (const bad of HOSTILE_VALUES) {
      bodies.push({
        label: `${name} = ${describe(bad)}`,
        body: { ...(base as object), [name]: bad },
      });
    }
  }
  return bodies;
}

export function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 20)}… (${text.length} chars)` : text;
}

/** Path parameters that must be refused as input, never reach SQL as a 5xx. */
export const HOSTILE_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '1e999',
  '0x1',
  'abc',
  '%00',
  '%F0%9F',
];
