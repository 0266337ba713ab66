/** How Create Route shows distances, durations and costs, in the user's language. */

export function formatRouteDistance(m: number, locale: string): string {
  if (m < 1000) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(m)} m`;
  }
  // Two alternatives 30 m apart should not read the same: two decimals under 10 km.
  const digits = m < 10_000 ? 2 : 1;
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  return `${km.format(m / 1000)} km`;
}

const unit = (locale: string, u: 'hour' | 'minute' | 'second') =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' });

/** 45 s, 4 min, 1 h 5 min (Intl's short units: "1 hr 5 min" in English). */
export function formatDuration(seconds: number, locale: string): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return unit(locale, 'second').format(s);
  const minutes = Math.round(s / 60);
  if (minutes < 60) return unit(locale, 'minute').format(minutes);
  const h = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hours = unit(locale, 'hour').format(h);
  return rest ? `${hours} ${unit(locale, 'minute').format(rest)}` : hours;
}

/** A cost in the project's currency units: whole units, grouped. */
export const formatCost = (cost: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(cost);
