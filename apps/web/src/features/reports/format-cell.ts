import type { CellValue, MetricResult } from '@integration/contracts';

type Kind = MetricResult['columns'][number]['kind'];

/** A result cell as the user reads it, in their language: 1 234,5 or 62.5 %. */
export function formatCell(value: CellValue, kind: Kind, locale: string): string {
  if (value === null || value === '') return '';
  if (typeof value !== 'number') return value;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return kind === 'percentage' ? `${number} %` : number;
}
