const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "2 min ago", "il y a 2 min": how old a position is, in the user's language. */
export function formatAge(ms: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const age = Math.max(0, ms);
  // Under a minute, seconds by tens: a position refreshed every few seconds reads steadily.
  if (age < 60_000) {
    if (age < 10_000) return format.format(0, 'second');
    return format.format(-Math.floor(age / 10_000) * 10, 'second');
  }
  for (const [unit, size] of UNITS) {
    if (age >= size) return format.format(-Math.floor(age / size), unit);
  }
  return format.format(0, 'second');
}
