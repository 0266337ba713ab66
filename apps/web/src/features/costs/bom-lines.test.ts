import { describe, expect, it } from 'vitest';
import type { BomLine } from '@integration/contracts';
import { nextSort, sortLines } from './bom-lines.ts';

const line = (
  item: BomLine['item'],
  spec: string,
  placement: BomLine['placement'],
  quantity: number,
  unitPrice: number | null,
): BomLine => ({
  item,
  spec,
  placement,
  quantity,
  unit: item === 'cable' ? 'm' : 'each',
  unitPrice,
  total: unitPrice === null ? null : quantity * unitPrice,
  built: { quantity: 0, total: unitPrice === null ? null : 0 },
});

const lines = [
  line('splice', '', '', 1594, 300),
  line('cable', '144', 'aerial', 3942.3, null),
  line('splitter', '1:16', '', 10, 50),
  line('cable', '12', 'underground', 10, 2),
  line('cable', '12', 'aerial', 10753.5, 1),
  line('splitter', '1:4', '', 66, null),
];
const names = (rows: BomLine[]) => rows.map((l) => `${l.item} ${l.spec} ${l.placement}`.trim());

describe('bill lines order', () => {
  it('lists by item as the book does, capacities and ratios in natural order, then placement', () => {
    expect(names(sortLines(lines, null))).toEqual([
      'cable 12 aerial',
      'cable 12 underground',
      'cable 144 aerial',
      'splitter 1:4',
      'splitter 1:16',
      'splice',
    ]);
  });

  it('sorts on a number either way, unpriced lines always last', () => {
    const up = sortLines(lines, { column: 'total', direction: 'ascending' });
    const down = sortLines(lines, { column: 'total', direction: 'descending' });
    expect(names(up).slice(-2)).toEqual(['cable 144 aerial', 'splitter 1:4']);
    expect(names(down).slice(-2)).toEqual(['cable 144 aerial', 'splitter 1:4']);
    expect(down[0]?.item).toBe('splice');
    expect(up[0]?.spec).toBe('12');
  });

  it('cycles a column: ascending, descending, then the bill order', () => {
    const first = nextSort(null, 'quantity');
    expect(first).toEqual({ column: 'quantity', direction: 'ascending' });
    const second = nextSort(first, 'quantity');
    expect(second).toEqual({ column: 'quantity', direction: 'descending' });
    expect(nextSort(second, 'quantity')).toBeNull();
    expect(nextSort(second, 'item')).toEqual({ column: 'item', direction: 'ascending' });
  });
});
