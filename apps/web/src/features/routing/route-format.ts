/**
 * How Create Route shows distances and costs, in the user's language. A cable is laid, not
 * travelled: no travel time is shown, whatever the profile that found its route (issue 24).
 */

export function formatRouteDistance(m: number, locale: string): string {
  if (m < 1000) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(m)} m`;
  }
  // Two alternatives 30 m apart should not read the same: two decimals under 10 km.
  const digits = m < 10_000 ? 2 : 1;
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  return `${km.format(m / 1000)} km`;
}

/**
 * A cost in whole units, grouped, with its currency as the language writes it ("KES 12,346",
 * "12 346 KES"); without a known currency, the bare figure.
 */
export function formatCost(cost: number, locale: string, currency: string | null = null): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(cost);
    } catch {
      // An unknown code: the figure and the code as given.
      return `${formatCost(cost, locale)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(cost);
}
