import type { TFunction } from 'i18next';
import type { BomItem, BomLine, BomUnit } from '@integration/contracts';

/** A money formatter in the book's currency; a code Intl does not know still shows its amount. */
export function moneyFormat(locale: string, currency: string): (n: number) => string {
  try {
    const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return (n) => f.format(n);
  } catch {
    const f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (n) => `${f.format(n)} ${currency}`;
  }
}

/**
 * A bill's words and numbers in the user's language: items, specs and placements translated,
 * metres to the decimetre, counts whole, money in the book's currency.
 */
export function bomFormat(t: TFunction, locale: string, currency: string) {
  const money = moneyFormat(locale, currency);
  const metres = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const amount = (n: number, unit: BomUnit) =>
    t(`costs.unit.${unit === 'm' ? 'metres' : 'each'}`, {
      n: (unit === 'm' ? metres : count).format(n),
    });
  return {
    money,
    /** An amount that may be unknown (no price, or no home to divide by). */
    moneyOr: (n: number | null, none: string) => (n === null ? none : money(n)),
    count: (n: number) => count.format(n),
    item: (item: BomItem) => t(`costs.item.${item}`),
    /** A pole's spec is new or existing; the others are a capacity or a ratio as typed. */
    spec: (l: Pick<BomLine, 'item' | 'spec'>) =>
      l.spec === ''
        ? t('costs.none')
        : l.item === 'pole'
          ? t(`costs.pole.${l.spec}`, l.spec)
          : l.spec,
    placement: (l: Pick<BomLine, 'placement'>) =>
      l.placement ? t(`costs.placement.${l.placement}`) : t('costs.none'),
    quantity: (l: Pick<BomLine, 'quantity' | 'unit'>) => amount(l.quantity, l.unit),
    built: (l: Pick<BomLine, 'built' | 'unit'>) => amount(l.built.quantity, l.unit),
    /** "KES 300.00 / m", "KES 1,200.00 ea" */
    unitPrice: (price: number, unit: BomUnit) =>
      t(`costs.unit.${unit === 'm' ? 'perMetre' : 'perEach'}`, { price: money(price) }),
  };
}

export type BomFormat = ReturnType<typeof bomFormat>;
