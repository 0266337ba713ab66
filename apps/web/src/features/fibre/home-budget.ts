import type { HomeBudget } from '@integration/contracts';

/** Below this margin (dB) a home is at risk: ageing, repairs and connectors eat into it. */
export const THIN_MARGIN_DB = 3;

export const HOME_FILTERS = ['all', 'open', 'thin', 'over'] as const;
export type HomeFilter = (typeof HOME_FILTERS)[number];

/**
 * A home's margin, when it means something: the path reaches an OLT port and the server sent
 * it (the homes of a port were names only before their budget was added).
 */
export function marginOf(home: HomeBudget): number | null {
  return home.end === 'olt-port' && Number.isFinite(home.marginDb) ? home.marginDb : null;
}

/** Red over budget, orange when thin, teal otherwise: the trace panel's colours. */
export function marginColour(margin: number): 'red' | 'orange' | 'teal' {
  return margin < 0 ? 'red' : margin < THIN_MARGIN_DB ? 'orange' : 'teal';
}

export function matches(home: HomeBudget, filter: HomeFilter): boolean {
  const margin = marginOf(home);
  switch (filter) {
    case 'all':
      return true;
    case 'open':
      return home.end === 'open';
    case 'thin':
      return margin !== null && margin >= 0 && margin < THIN_MARGIN_DB;
    case 'over':
      return margin !== null && margin < 0;
  }
}

/**
 * Worst first: open homes (no OLT port reached, nothing to measure a margin against), then by
 * margin, smallest first; ties by name, so the order never jumps between two reads.
 */
export function worstFirst(homes: readonly HomeBudget[]): HomeBudget[] {
  const rank = (h: HomeBudget) => {
    if (h.end === 'open') return Number.NEGATIVE_INFINITY;
    return marginOf(h) ?? Number.POSITIVE_INFINITY;
  };
  return [...homes].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra < rb) return -1;
    if (ra > rb) return 1;
    return a.name.localeCompare(b.name, undefined, { numeric: true });
  });
}

export interface BudgetSummary {
  homes: number;
  reaching: number;
  open: number;
  /** The smallest margin of a home reaching an OLT port, or null when none does. */
  worstMarginDb: number | null;
  counts: Record<HomeFilter, number>;
}

export function summarise(homes: readonly HomeBudget[]): BudgetSummary {
  const counts: Record<HomeFilter, number> = { all: homes.length, open: 0, thin: 0, over: 0 };
  let worst: number | null = null;
  for (const h of homes) {
    if (matches(h, 'open')) counts.open += 1;
    if (matches(h, 'thin')) counts.thin += 1;
    if (matches(h, 'over')) counts.over += 1;
    const margin = marginOf(h);
    if (margin !== null && (worst === null || margin < worst)) worst = margin;
  }
  return {
    homes: homes.length,
    reaching: homes.filter((h) => h.end === 'olt-port').length,
    open: counts.open,
    worstMarginDb: worst,
    counts,
  };
}
