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

export interface WrittenSettings {
  zoom?: number;
  country?: string;
  currency?: string;
  /** null: back to the first base map. */
  basemap?: string | null;
  phase?: string;
  colourScheme?: string;
  losses?: true;
}

/**
 * The settings a change wrote, for its detail: a project's ConfigureProject settings, a
 * subsidiary's country (the loss constants only as "changed": a dozen figures say too much).
 */
export function writtenSettings(detail: unknown): WrittenSettings {
  if (!detail || typeof detail !== 'object') return {};
  const d = detail as Record<string, unknown>;
  const text = (key: string) =>
    typeof d[key] === 'string' && d[key] ? { [key]: d[key] as string } : {};
  return {
    ...(typeof d.zoom === 'number' ? { zoom: d.zoom } : {}),
    ...text('country'),
    ...text('currency'),
    ...(d.basemap === null || typeof d.basemap === 'string' ? { basemap: d.basemap } : {}),
    ...text('phase'),
    ...text('colourScheme'),
    ...(d.losses && typeof d.losses === 'object' ? { losses: true as const } : {}),
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
