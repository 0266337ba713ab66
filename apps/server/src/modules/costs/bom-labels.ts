import type { Bom, BomLine, Locale } from '@integration/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';

/** A bill's words in the user's language, shared by its spreadsheet and its PDF. */
export function bomLabels(bom: Bom, locale: Locale) {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(locale, key as MessageKey, vars);
  const currency = bom.totals.currency;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return {
    t,
    title: t('costs.sheet.title', { name: bom.name }),
    item: (l: BomLine) => t(`costs.item.${l.item}`),
    // A pole's spec is new or existing; the others are Capacity or a ratio, shown as they are.
    spec: (l: BomLine) => (l.item === 'pole' ? t(`costs.spec.${l.spec}`) : l.spec),
    placement: (l: BomLine) => (l.placement ? t(`costs.placement.${l.placement}`) : ''),
    unit: (l: BomLine) => t(`costs.unit.${l.unit}`),
    money: (n: number | null) => (n === null ? t('costs.sheet.noPrice') : money.format(n)),
    columns: {
      item: t('costs.sheet.item'),
      spec: t('costs.sheet.spec'),
      placement: t('costs.sheet.placement'),
      quantity: t('costs.sheet.quantity'),
      unit: t('costs.sheet.unit'),
      unitPrice: t('costs.sheet.unitPrice', { currency }),
      total: t('costs.sheet.total', { currency }),
      builtQuantity: t('costs.sheet.builtQuantity'),
      builtTotal: t('costs.sheet.builtTotal', { currency }),
    },
    /** The totals as label and amount (null amount: no home to divide by). */
    totals: [
      ['cost', bom.totals.cost],
      ['builtCost', bom.totals.builtCost],
      ['leftCost', bom.totals.leftCost],
      ['costPerHomePassed', bom.totals.costPerHomePassed],
      ['costPerHomeConnected', bom.totals.costPerHomeConnected],
    ].map(([key, value]) => ({ label: t(`costs.sheet.${key}`), value: value as number | null })),
    homes: [
      { label: t('costs.sheet.homesPassed'), value: bom.totals.homesPassed },
      { label: t('costs.sheet.homesConnected'), value: bom.totals.homesConnected },
    ],
    notes: [
      bom.totals.unpricedLines
        ? t('costs.sheet.unpriced', { count: bom.totals.unpricedLines })
        : '',
      bom.cancelledClusters ? t('costs.sheet.cancelled', { count: bom.cancelledClusters }) : '',
    ].filter(Boolean),
  };
}
