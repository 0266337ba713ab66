import type { DeliveryRows } from '../gracethd-read.ts';
import type { Row } from '../gracethd-tables.ts';

/** Reading a delivery's rows: our comments, a cell as text, the codes' prefix, value maps. */

/** Our `Name=value | …` comments as pairs. */
export function parseComment(value: unknown): Map<string, string> {
  const pairs = new Map<string, string>();
  if (typeof value !== 'string') return pairs;
  for (const part of value.split(' | ')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return pairs;
}

export const text = (row: Row | undefined, column: string) => {
  const value = row?.[column];
  return value === null || value === undefined ? '' : String(value);
};

/** The prefix of the delivery's codes (a client's rule given at export), from its nodes. */
export function codePrefix(rows: DeliveryRows): string {
  const first = text(rows.tables.get('t_noeud')?.[0], 'nd_code');
  const at = first.indexOf('ND-');
  return at > 0 && at <= 12 ? first.slice(0, at) : '';
}

export const POLE_TYPE: Record<string, string> = { PBOI: 'Wood', PBET: 'Concrete', PMET: 'Steel' };
export const CABLE_TYPE: Record<string, string> = { TR: 'Feeder', DI: 'Distribution', RA: 'Drop' };
export const ATTRIBUTES = ['Type', 'Capacity', 'Owner', 'Height', 'Floors', 'Length'];
