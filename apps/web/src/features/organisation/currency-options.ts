/** ISO 4217 codes the browser knows, with a few the East African projects use if it knows none. */
function codes(): string[] {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['EUR', 'GBP', 'KES', 'RWF', 'TZS', 'UGX', 'USD', 'XAF', 'XOF', 'ZAR'];
  }
}

/**
 * The currencies offered by ConfigureProject, each as "TZS · Tanzanian Shilling" in the user's
 * language, so that an admin finds one by its code or its name. The current one is always there.
 */
export function currencyOptions(
  locale: string,
  current?: string,
): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale, { type: 'currency' });
  } catch {
    names = null;
  }
  const all = new Set(codes());
  if (current) all.add(current);
  return [...all].sort().map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}
