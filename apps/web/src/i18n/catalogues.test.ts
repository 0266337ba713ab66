import { describe, expect, it } from 'vitest';
import { catalogues } from './i18n.ts';

const { en, fr } = catalogues;

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('translation catalogues', () => {
  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('have no empty strings and keep the same placeholders', () => {
    const lookup = (o: object, key: string) =>
      key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o) as string;
    for (const key of keys(en)) {
      const english = lookup(en, key);
      const french = lookup(fr, key);
      expect(french, key).not.toBe('');
      const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(vars(french), key).toEqual(vars(english));
    }
  });
});
