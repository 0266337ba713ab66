import { describe, expect, it } from 'vitest';
import { toLocale } from './locales.ts';

describe('toLocale', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['EN', 'en'],
    ['de', 'en'],
    [undefined, 'en'],
    ['', 'en'],
  ])('reads %j as %s', (input, expected) => {
    expect(toLocale(input)).toBe(expected);
  });
});
