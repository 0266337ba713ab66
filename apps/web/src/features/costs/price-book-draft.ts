import {
  BOM_ITEMS,
  DEFAULT_CURRENCY,
  PRICE_ENTRIES_MAX,
  UNIT_PRICE_MAX,
  type BomItem,
  type BomLine,
  type CablePlacement,
  type PriceBook,
  type PriceBookBody,
} from '@integration/contracts';
import { billOrder, lineKey } from './bom-lines.ts';

/** One price being edited; `key` is the row's own (React's), not saved. */
export interface DraftRow {
  key: number;
  item: BomItem;
  spec: string;
  placement: CablePlacement | '';
  /** '' while the field is empty. */
  unitPrice: number | '';
}

/** The price book as its editor holds it until Save replaces the server's. */
export interface Draft {
  currency: string;
  rows: DraftRow[];
  nextKey: number;
}

export type RowProblem =
  | { kind: 'priceMissing' }
  | { kind: 'priceRange' }
  /** Same item, spec and placement as the row at `row` (1-based, as the screen counts). */
  | { kind: 'duplicate'; row: number };

/** Only a cable's price depends on how it is laid; other items have no placement. */
export const hasPlacement = (item: BomItem) => item === 'cable';

/**
 * The values planners usually price by, offered as the spec is typed (any other stays
 * possible): capacities in fibres, PBO-FAT and FDT-SRO ports, split ratios, pole kinds.
 */
const SPEC_SUGGESTIONS: Partial<Record<BomItem, readonly string[]>> = {
  cable: ['12', '24', '48', '96', '144'],
  closure: ['12', '24', '48', '96', '144'],
  pboFat: ['8', '16', '24'],
  fdtSro: ['144', '288', '576'],
  splitter: ['1:2', '1:4', '1:8', '1:16', '1:32', '1:64'],
  pole: ['new', 'existing'],
};
export const specSuggestions = (item: BomItem): readonly string[] => SPEC_SUGGESTIONS[item] ?? [];

/** The book to edit, its prices in the bill's order (the server keeps them in its own). */
export function fromBook(book: Pick<PriceBook, 'currency' | 'entries'>): Draft {
  return {
    currency: book.currency || DEFAULT_CURRENCY,
    rows: [...book.entries].sort(billOrder).map((e, i) => ({ ...e, key: i + 1 })),
    nextKey: book.entries.length + 1,
  };
}

export const canAddRows = (draft: Draft, count = 1) =>
  draft.rows.length + count <= PRICE_ENTRIES_MAX;

/** A new empty row at the end (the item of the last row, as prices are typed in runs). */
export function addRow(draft: Draft): Draft {
  if (!canAddRows(draft)) return draft;
  const item = draft.rows.at(-1)?.item ?? BOM_ITEMS[0];
  const row: DraftRow = { key: draft.nextKey, item, spec: '', placement: '', unitPrice: '' };
  return { ...draft, rows: [...draft.rows, row], nextKey: draft.nextKey + 1 };
}

export function removeRow(draft: Draft, key: number): Draft {
  return { ...draft, rows: draft.rows.filter((r) => r.key !== key) };
}

/** A changed field; another item forgets the spec and placement that were the old item's. */
export function updateRow(draft: Draft, key: number, patch: Partial<Omit<DraftRow, 'key'>>): Draft {
  return {
    ...draft,
    rows: draft.rows.map((r) => {
      if (r.key !== key) return r;
      const next = { ...r, ...patch };
      if (patch.item !== undefined && patch.item !== r.item) {
        next.spec = patch.spec ?? '';
        next.placement = hasPlacement(patch.item) ? (patch.placement ?? '') : '';
      }
      return next;
    }),
  };
}

const draftKey = (r: DraftRow) =>
  lineKey({
    item: r.item,
    spec: r.spec.trim(),
    placement: hasPlacement(r.item) ? r.placement : '',
  });

/**
 * A row for each line of the bill that has no price and no row yet (the planner then types
 * its price), in the bill's order, up to the book's limit. Exact spec and placement: a row
 * with an empty spec prices every spec of the item instead.
 */
export function addUnpriced(draft: Draft, lines: readonly BomLine[]): Draft {
  const known = new Set(draft.rows.map(draftKey));
  const rows = [...draft.rows];
  let nextKey = draft.nextKey;
  for (const l of lines) {
    if (l.unitPrice !== null || rows.length >= PRICE_ENTRIES_MAX) continue;
    const key = lineKey(l);
    if (known.has(key)) continue;
    known.add(key);
    rows.push({
      key: nextKey++,
      item: l.item,
      spec: l.spec,
      placement: l.placement,
      unitPrice: '',
    });
  }
  return { ...draft, rows, nextKey };
}

/** Why each row cannot be saved yet, by row key (rows that can are absent). */
export function rowProblems(draft: Draft): Map<number, RowProblem> {
  const problems = new Map<number, RowProblem>();
  const first = new Map<string, number>();
  draft.rows.forEach((r, i) => {
    if (r.unitPrice === '' || !Number.isFinite(r.unitPrice)) {
      problems.set(r.key, { kind: 'priceMissing' });
    } else if (r.unitPrice < 0 || r.unitPrice > UNIT_PRICE_MAX) {
      problems.set(r.key, { kind: 'priceRange' });
    }
    const key = draftKey(r);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i + 1);
    else if (!problems.has(r.key)) problems.set(r.key, { kind: 'duplicate', row: earlier });
  });
  return problems;
}

/** ISO 4217 as the server takes it: three capital letters. */
export const currencyValid = (currency: string) => /^[A-Z]{3}$/.test(currency);

/** The body that replaces the book (call once rowProblems is empty and the currency valid). */
export function toBody(draft: Draft): PriceBookBody {
  return {
    currency: draft.currency,
    entries: draft.rows.map((r) => ({
      item: r.item,
      spec: r.spec.trim(),
      placement: hasPlacement(r.item) ? r.placement : '',
      unitPrice: r.unitPrice === '' ? 0 : r.unitPrice,
    })),
  };
}

/** Has the planner changed anything since the book was loaded? (Closing would lose it.) */
export function isDirty(draft: Draft, book: Pick<PriceBook, 'currency' | 'entries'>): boolean {
  return (
    JSON.stringify(toBody(draft)) !== JSON.stringify(toBody(fromBook(book))) ||
    draft.rows.some((r) => r.unitPrice === '')
  );
}

/**
 * The rows the server's validation named (`entries.3.unitPrice`), with its message, so a
 * refusal shows beside its row and not only at the top.
 */
export function rowsNamedBy(details: unknown, draft: Draft): Map<number, string> {
  const named = new Map<number, string>();
  if (!Array.isArray(details)) return named;
  for (const d of details as { field?: unknown; message?: unknown }[]) {
    const match = typeof d.field === 'string' ? /^entries\.(\d+)\./.exec(d.field) : null;
    const row = match ? draft.rows[Number(match[1])] : undefined;
    if (row && typeof d.message === 'string') named.set(row.key, d.message);
  }
  return named;
}

/**
 * Who may change the book: admins, and planners (a planner sees only the projects assigned to
 * them, so any book they open is theirs). Others read it; the server refuses them anyway.
 */
export const canEditPrices = (role: string | undefined) => role === 'admin' || role === 'planner';
