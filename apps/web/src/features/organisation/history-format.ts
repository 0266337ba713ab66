import type { ContentCounts } from '@integration/contracts';
import { COUNT_KINDS } from './delete-counts.ts';

/**
 * The locale dates are written in: the browser's own for the chosen language ("en-KE", "fr-CA"),
 * so the order of day and month is the user's, else the language alone.
 */
export function dateLocale(language: string, preferred: readonly string[]): string {
  const base = language.split('-')[0]?.toLowerCase();
  return preferred.find((l) => l.split('-')[0]?.toLowerCase() === base) ?? language;
}

/** A moment in the user's locale and time zone: "27 Nov 2026, 19:43". */
export function dateTimeFormat(language: string, preferred: readonly string[], timeZone?: string) {
  return new Intl.DateTimeFormat(dateLocale(language, preferred), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
}

/** The settings a change wrote, for its detail: a project's zoom, a subsidiary's country. */
export function writtenSettings(detail: unknown): { zoom?: number; country?: string } {
  if (!detail || typeof detail !== 'object') return {};
  const d = detail as Record<string, unknown>;
  return {
    ...(typeof d.zoom === 'number' ? { zoom: d.zoom } : {}),
    ...(typeof d.country === 'string' && d.country ? { country: d.country } : {}),
  };
}

/** What a deletion took with it, read from its detail (null when it held nothing). */
export function deletedCounts(detail: unknown): ContentCounts | null {
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as Record<string, unknown>;
  const counts = Object.fromEntries(
    COUNT_KINDS.map((kind) => [kind, typeof d[kind] === 'number' ? d[kind] : 0]),
  ) as unknown as ContentCounts;
  return COUNT_KINDS.some((kind) => counts[kind] > 0) ? counts : null;
}
