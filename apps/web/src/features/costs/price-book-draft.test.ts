import { describe, expect, it } from 'vitest';
import { PRICE_ENTRIES_MAX, type BomLine, type PriceBook } from '@integration/contracts';
import {
  addRow,
  addUnpriced,
  canEditPrices,
  currencyValid,
  fromBook,
  isDirty,
  removeRow,
  rowProblems,
  rowsNamedBy,
  specSuggestions,
  toBody,
  updateRow,
} from './price-book-draft.ts';

const book: Pick<PriceBook, 'currency' | 'entries'> = {
  currency: 'KES',
  entries: [
    { item: 'cable', spec: '12', placement: 'aerial', unitPrice: 120 },
    { item: 'splice', spec: '', placement: '', unitPrice: 300 },
  ],
};
const unpriced = (
  item: BomLine['item'],
  spec = '',
  placement: BomLine['placement'] = '',
): BomLine => ({
  item,
  spec,
  placement,
  quantity: 10,
  unit: 'each',
  unitPrice: null,
  total: null,
  built: { quantity: 0, total: null },
});

describe('price book draft', () => {
  it('starts from the book and saves it back unchanged', () => {
    const draft = fromBook(book);
    expect(draft.rows.map((r) => r.key)).toEqual([1, 2]);
    expect(toBody(draft)).toEqual(book);
    expect(isDirty(draft, book)).toBe(false);
  });

  it("lists the book's prices in the bill's order, the price for any spec first", () => {
    const draft = fromBook({
      currency: 'KES',
      entries: [
        { item: 'splice', spec: '', placement: '', unitPrice: 1 },
        { item: 'cable', spec: '144', placement: '', unitPrice: 1 },
        { item: 'cable', spec: '24', placement: 'underground', unitPrice: 1 },
        { item: 'cable', spec: '24', placement: 'aerial', unitPrice: 1 },
        { item: 'cable', spec: '', placement: '', unitPrice: 1 },
      ],
    });
    expect(draft.rows.map((r) => `${r.item} ${r.spec} ${r.placement}`.trim())).toEqual([
      'cable',
      'cable 24 aerial',
      'cable 24 underground',
      'cable 144',
      'splice',
    ]);
  });

  it('adds an empty row of the last item, removes one, and is then changed', () => {
    const added = addRow(fromBook(book));
    expect(added.rows.at(-1)).toMatchObject({ key: 3, item: 'splice', spec: '', unitPrice: '' });
    expect(isDirty(added, book)).toBe(true);
    const removed = removeRow(added, 1);
    expect(removed.rows.map((r) => r.key)).toEqual([2, 3]);
    expect(addRow(fromBook({ currency: 'KES', entries: [] })).rows[0]?.item).toBe('cable');
  });

  it('forgets the spec and placement of the old item when the item changes', () => {
    const draft = updateRow(fromBook(book), 1, { item: 'closure' });
    expect(draft.rows[0]).toMatchObject({ item: 'closure', spec: '', placement: '' });
    const priced = updateRow(draft, 1, { spec: ' 48 ', unitPrice: 2500 });
    expect(toBody(priced).entries[0]).toEqual({
      item: 'closure',
      spec: '48',
      placement: '',
      unitPrice: 2500,
    });
  });

  it('says which rows cannot be saved: no price, out of range, twice the same', () => {
    let draft = addRow(fromBook(book)); // row 3: splice, no price
    draft = addRow(draft); // row 4: splice
    draft = updateRow(draft, 4, { unitPrice: 310 }); // same as row 2
    draft = addRow(draft);
    draft = updateRow(draft, 5, { item: 'trench', unitPrice: -1 });
    const problems = rowProblems(draft);
    expect(problems.get(1)).toBeUndefined();
    expect(problems.get(3)).toEqual({ kind: 'priceMissing' });
    expect(problems.get(4)).toEqual({ kind: 'duplicate', row: 2 });
    expect(problems.get(5)).toEqual({ kind: 'priceRange' });
    // A spec typed with spaces is the same spec.
    const spaced = updateRow(addRow(fromBook(book)), 3, {
      item: 'cable',
      spec: '12 ',
      placement: 'aerial',
      unitPrice: 1,
    });
    expect(rowProblems(spaced).get(3)).toEqual({ kind: 'duplicate', row: 1 });
  });

  it('adds a row for each unpriced line of the bill, once, and not for those it has', () => {
    const lines = [
      unpriced('cable', '12', 'aerial'), // already in the book
      unpriced('cable', '48', 'underground'),
      unpriced('pole', 'new'),
      unpriced('pole', 'new'),
      { ...unpriced('closure', '48'), unitPrice: 2000 }, // priced
    ];
    const draft = addUnpriced(fromBook(book), lines);
    expect(draft.rows.slice(2)).toEqual([
      { key: 3, item: 'cable', spec: '48', placement: 'underground', unitPrice: '' },
      { key: 4, item: 'pole', spec: 'new', placement: '', unitPrice: '' },
    ]);
    expect(addUnpriced(draft, lines)).toEqual(draft);
  });

  it('keeps to the book limit', () => {
    const full = fromBook({
      currency: 'KES',
      entries: Array.from({ length: PRICE_ENTRIES_MAX }, (_, i) => ({
        item: 'cable' as const,
        spec: String(i),
        placement: '' as const,
        unitPrice: 1,
      })),
    });
    expect(addRow(full)).toBe(full);
    expect(addUnpriced(full, [unpriced('splice')]).rows).toHaveLength(PRICE_ENTRIES_MAX);
  });

  it('offers the usual specs of each item', () => {
    expect(specSuggestions('cable')).toEqual(['12', '24', '48', '96', '144']);
    expect(specSuggestions('pboFat')).toEqual(['8', '16', '24']);
    expect(specSuggestions('fdtSro')).toEqual(['144', '288', '576']);
    expect(specSuggestions('splitter')).toContain('1:64');
    expect(specSuggestions('pole')).toEqual(['new', 'existing']);
    expect(specSuggestions('trench')).toEqual([]);
  });

  it('checks the currency and who may edit', () => {
    expect(currencyValid('KES')).toBe(true);
    expect(currencyValid('kes')).toBe(false);
    expect(currencyValid('EURO')).toBe(false);
    expect(canEditPrices('planner')).toBe(true);
    expect(canEditPrices('admin')).toBe(true);
    expect(canEditPrices('viewer')).toBe(false);
    expect(canEditPrices('field')).toBe(false);
  });

  it("places the server's refusals on the rows they name", () => {
    const draft = addRow(fromBook(book));
    const named = rowsNamedBy(
      [
        { field: 'entries.2.unitPrice', message: "'entries.2.unitPrice' must be at least 0." },
        { field: 'currency', message: 'bad' },
      ],
      draft,
    );
    expect([...named]).toEqual([[3, "'entries.2.unitPrice' must be at least 0."]]);
    expect(rowsNamedBy(undefined, draft).size).toBe(0);
  });
});
