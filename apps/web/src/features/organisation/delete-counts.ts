import type { ContentCounts } from '@integration/contracts';
import { ApiError } from '../../api/client.ts';

/** The order a planner reads what lives under a row: from the top of the hierarchy down. */
export const COUNT_KINDS = [
  'clients',
  'mainProjects',
  'projects',
  'centralOffices',
  'clusters',
  'elements',
] as const satisfies readonly (keyof ContentCounts)[];
export type CountKind = (typeof COUNT_KINDS)[number];

/**
 * The counts of a refusal (409 with `details.counts`): what would go with the row. Null for
 * any other failure, which is shown as it is.
 */
export function refusalCounts(error: unknown): ContentCounts | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const counts = (error.details as { counts?: Partial<ContentCounts> } | undefined)?.counts;
  if (!counts || typeof counts !== 'object') return null;
  return Object.fromEntries(
    COUNT_KINDS.map((kind) => [kind, Number(counts[kind] ?? 0) || 0]),
  ) as unknown as ContentCounts;
}

/** The server deletes with its content only when the name is typed exactly (case and spaces). */
export const confirmed = (typed: string, name: string) => typed === name;

/** One count in words, e.g. "4,318 elements"; `word(kind, form, formatted)` finds the words. */
export type CountWord = (kind: CountKind, form: 'one' | 'other', formatted: string) => string;

/**
 * What would go, in the user's language: "2 projects, 3 central offices, 12 clusters and 4,318
 * elements". Only what is there is named; an empty string when nothing is.
 * Note: plural forms come from Intl.PluralRules but only `one` and `other` are written (French
 * also has `many`, for millions, which reads as `other`).
 */
export function describeCounts(counts: ContentCounts, locale: string, word: CountWord): string {
  const number = new Intl.NumberFormat(locale);
  const plural = new Intl.PluralRules(locale);
  const parts = COUNT_KINDS.filter((kind) => counts[kind] > 0).map((kind) =>
    word(
      kind,
      plural.select(counts[kind]) === 'one' ? 'one' : 'other',
      number.format(counts[kind]),
    ),
  );
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}
