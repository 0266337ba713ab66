import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './result-sort.ts';

const rows = [
  { group: 'CBD-10', value: 3 },
  { group: 'CBD-2', value: null },
  { group: 'CBD-1', value: 12 },
];

describe('sortRows', () => {
  it('sorts numbers as numbers and keeps empty cells last either way', () => {
    expect(sortRows(rows, { key: 'value', direction: 'ascending' }).map((r) => r.value)).toEqual([
      3,
      12,
      null,
    ]);
    expect(sortRows(rows, { key: 'value', direction: 'descending' }).map((r) => r.value)).toEqual([
      12,
      3,
      null,
    ]);
  });

  it('sorts names in natural order', () => {
    expect(sortRows(rows, { key: 'group', direction: 'ascending' }).map((r) => r.group)).toEqual([
      'CBD-1',
      'CBD-2',
      'CBD-10',
    ]);
  });

  it('cycles a column from ascending to descending to unsorted', () => {
    const first = nextSort(null, 'value');
    expect(first).toEqual({ key: 'value', direction: 'ascending' });
    const second = nextSort(first, 'value');
    expect(second).toEqual({ key: 'value', direction: 'descending' });
    expect(nextSort(second, 'value')).toBeNull();
    expect(nextSort(second, 'group')).toEqual({ key: 'group', direction: 'ascending' });
  });
});
