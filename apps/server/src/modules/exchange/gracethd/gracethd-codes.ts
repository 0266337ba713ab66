import { ELEMENT_TYPES } from '@integration/contracts';

/**
 * GraceTHD codes: an optional prefix (a client's naming rule), the model's table tag and our key
 * (ND-POL4182, BP-PBO5120, FO-CBL993-012). Our ids live as long as the element, so an element
 * keeps its code from one export to the next, and the type code in it tells an import which of
 * our types to rebuild (an SFU and a Building are both t_suf).
 */
export type Tag =
  | 'ND'
  | 'PT'
  | 'BP'
  | 'ST'
  | 'LT'
  | 'BA'
  | 'TI'
  | 'CM'
  | 'CB'
  | 'CL'
  | 'FO'
  | 'CS'
  | 'PS'
  | 'SF'
  | 'AD'
  | 'ZN'
  | 'ZS'
  | 'OR';

const TYPE_CODE = new Map<string, string>(ELEMENT_TYPES.map((t) => [t.internalName, t.code]));
const TYPE_OF_CODE = new Map<string, string>(ELEMENT_TYPES.map((t) => [t.code, t.internalName]));

/** Our key of an element (PBO5120) or a central office (CO3). */
export const elementKey = (type: string, id: number) => `${TYPE_CODE.get(type) ?? 'EL'}${id}`;
export const officeKey = (id: number) => `CO${id}`;

/** A holder key (E12 / O3) as our key, given the element's type. */
export function holderKey(holder: string, typeOf: (id: number) => string | undefined): string {
  const id = Number(holder.slice(1));
  return holder.startsWith('O') ? officeKey(id) : elementKey(typeOf(id) ?? '', id);
}

/** Our key read back: the type (or 'office') and the id; null for a foreign code. */
export function parseKey(key: string): { type: string; id: number } | null {
  // Keys are short ASCII (checked by length first): a plain scan, no backtracking.
  if (key.length > 24) return null;
  let split = 0;
  while (split < key.length && (key[split] ?? '0') > '9') split++;
  const code = key.slice(0, split);
  const id = Number(key.slice(split));
  if (!code || !Number.isSafeInteger(id) || id <= 0) return null;
  if (code === 'CO') return { type: 'office', id };
  const type = TYPE_OF_CODE.get(code);
  return type ? { type, id } : null;
}

export function codes(prefix = '') {
  const code = (tag: Tag, key: string) => `${prefix}${tag}-${key}`;
  return {
    code,
    /** Fibre n of a cable (segment) code's key: 3 digits, 864 fibres at most. */
    fibre: (cableKey: string, n: number) => code('FO', `${cableKey}-${String(n).padStart(3, '0')}`),
    /** Our key from a code of ours (with this prefix), or null. */
    keyOf(value: string, tag: Tag): string | null {
      const head = `${prefix}${tag}-`;
      return value.startsWith(head) ? value.slice(head.length) : null;
    },
  };
}

export type Codes = ReturnType<typeof codes>;
