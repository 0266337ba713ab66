import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  it('writes d/m/yyyy HH:MM in local time', () => {
    const local = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(formatDate(local)).toBe('5/1/2026 09:07');
    expect(formatDate(local, false)).toBe('5/1/2026');
  });

  it('leaves empty and invalid values blank', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
