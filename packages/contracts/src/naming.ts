import { z } from 'zod';
import { text } from './primitives.ts';

/**
 * A cluster's naming convention for new elements: a prefix and a pattern of tokens.
 *
 * | token       | becomes                                              |
 * |-------------|------------------------------------------------------|
 * | `{prefix}`  | the convention's prefix, e.g. `NBO`                  |
 * | `{type}`    | the element type's code, e.g. `PBO`, `CBL` (ELEMENT_TYPES) |
 * | `{cluster}` | the cluster's name                                   |
 * | `{seq}`     | the next number for this type in the cluster         |
 * | `{seq:N}`   | the same, zero-padded to N digits (1–9)              |
 *
 * A pattern must hold `{seq}` or `{seq:N}`, so that names differ.
 */
export interface NamingConvention {
  prefix: string;
  pattern: string;
}

export const DEFAULT_NAMING_PATTERN = '{prefix}-{type}-{seq:4}';

const TOKEN = /\{(prefix|type|cluster|seq(?::[1-9])?)\}/g;
const ANY_BRACE_TOKEN = /\{[^}]*\}/g;

export const namingConventionSchema = z.object({
  prefix: text()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_.-]*$/, 'letters, digits, dot, dash and underscore only'),
  pattern: text()
    .trim()
    .min(1)
    .max(100)
    .refine((p) => /\{seq(?::[1-9])?\}/.test(p), 'must contain {seq} or {seq:N}')
    .refine(
      (p) => (p.match(ANY_BRACE_TOKEN) ?? []).every((t) => t.match(TOKEN)?.[0] === t),
      'only {prefix}, {type}, {cluster}, {seq} and {seq:N} are known tokens',
    ),
});

export interface NamingContext {
  typeCode: string;
  clusterName: string;
  seq: number;
}

/** The name the convention gives to the `seq`-th element of a type in a cluster. */
export function formatElementName(convention: NamingConvention, context: NamingContext): string {
  return convention.pattern
    .replace(TOKEN, (_, token: string) => {
      if (token === 'prefix') return convention.prefix;
      if (token === 'type') return context.typeCode;
      if (token === 'cluster') return context.clusterName;
      const width = Number(token.split(':')[1] ?? 0);
      return String(context.seq).padStart(width, '0');
    })
    .replace(/^[-_. ]+|[-_. ]+$/g, '')
    .replace(/([-_. ])[-_. ]+/g, '$1');
}
