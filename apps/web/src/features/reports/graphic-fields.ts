import type { MetricResult } from '@integration/contracts';

export interface FieldOption {
  value: string;
  label: string;
}

/**
 * The fields a chart may put on its axes (or pie): with a preview run, the columns of the chosen
 * metrics' results (groups for X and representation, figures for Y and values); without one,
 * the group and the value column every result has (`group`, `value`).
 */
export function graphicFields(
  results: MetricResult[] | undefined,
  fallback: { groups: FieldOption[]; figures: FieldOption[] },
): { groups: FieldOption[]; figures: FieldOption[] } {
  if (!results || results.length === 0) return fallback;
  const unique = (options: FieldOption[]) =>
    options.filter((o, i) => options.findIndex((p) => p.value === o.value) === i);
  const columns = results.flatMap((r) => r.columns);
  return {
    groups: unique(
      columns.filter((c) => c.kind === 'text').map((c) => ({ value: c.key, label: c.label })),
    ),
    figures: unique(
      columns.filter((c) => c.kind !== 'text').map((c) => ({ value: c.key, label: c.label })),
    ),
  };
}
