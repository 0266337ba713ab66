import { BOM_ITEMS, CABLE_PLACEMENTS, type BomLine } from '@integration/contracts';

export const LINE_COLUMNS = [
  'item',
  'spec',
  'placement',
  'quantity',
  'unitPrice',
  'total',
  'built',
] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';
export interface LineSort {
  column: LineColumn;
  direction: SortDirection;
}

/** Capacities and ratios in natural order: 12 before 144, 1:4 before 1:16. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const rank = <T>(list: readonly T[], value: T) => {
  const i = list.indexOf(value);
  return i === -1 ? list.length : i;
};
/** Placement as the sheet lists it: aerial, underground, facade, then none. */
const placementRank = (l: Pick<BomLine, 'placement'>) =>
  l.placement ? rank(CABLE_PLACEMENTS, l.placement) : 99;

type LineId = Pick<BomLine, 'item' | 'spec' | 'placement'>;

/** The bill's own order (the price book's too): by item, then spec, then placement. */
export function billOrder(a: LineId, b: LineId): number {
  return (
    rank(BOM_ITEMS, a.item) - rank(BOM_ITEMS, b.item) ||
    collator.compare(a.spec, b.spec) ||
    placementRank(a) - placementRank(b)
  );
}

const VALUE: Record<
  Exclude<LineColumn, 'item' | 'spec' | 'placement'>,
  (l: BomLine) => number | null
> = {
  quantity: (l) => l.quantity,
  unitPrice: (l) => l.unitPrice,
  total: (l) => l.total,
  built: (l) => l.built.quantity,
};

/**
 * The lines sorted on one column, the bill's order breaking ties. Unpriced lines stay last
 * whichever way a price column is sorted: a missing price is not a cheap one.
 */
export function sortLines(lines: readonly BomLine[], sort: LineSort | null): BomLine[] {
  const rows = [...lines];
  if (!sort) return rows.sort(billOrder);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const { column } = sort;
  return rows.sort((a, b) => {
    if (column === 'item' || column === 'spec' || column === 'placement') {
      const by =
        column === 'item'
          ? rank(BOM_ITEMS, a.item) - rank(BOM_ITEMS, b.item)
          : column === 'spec'
            ? collator.compare(a.spec, b.spec)
            : placementRank(a) - placementRank(b);
      return sign * by || billOrder(a, b);
    }
    const x = VALUE[column](a);
    const y = VALUE[column](b);
    if (x === null || y === null) return x === y ? billOrder(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || billOrder(a, b);
  });
}

/** A column header's next sort: ascending, descending, then the bill's own order. */
export function nextSort(current: LineSort | null, column: LineColumn): LineSort | null {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : null;
}

/** A line's identity in the bill and in the price book. */
export const lineKey = (l: LineId) => `${l.item}\u0000${l.spec}\u0000${l.placement}`;
