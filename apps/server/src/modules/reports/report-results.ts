import {
  DEFAULT_CURRENCY,
  ELEMENT_TYPES,
  MONEY_PROJECT_INFO_FIELDS,
  type CellValue,
  type Locale,
  type Metric,
  type MetricResult,
  type ReportBody,
  type VisualizationResult,
} from '@integration/contracts';
import { translate } from '../../i18n/translate.ts';
import { LIST_VALUE_CHARS, LIST_VALUES, type RawRow } from './report-sql.ts';

/**
 * The key of a row's "and N more" (localised) beside a LIST's value: the value ends with it,
 * after LIST_MORE_JOIN, and a writer that shortens the value keeps it whole.
 */
export const moreKey = (key: string) => `${key}:more`;
export const LIST_MORE_JOIN = ' … ';

const PHASES = ['In-Progress', 'Completed', 'Cancelled'];
const FIBRE_STATES = ['used', 'reserved', 'faulty', 'free'] as const;
const round = (n: number) => Math.round(n * 100) / 100;
const cell = (value: unknown): CellValue =>
  typeof value === 'number'
    ? round(value)
    : value === null || value === undefined
      ? null
      : String(value);

function title(metric: Metric, locale: Locale, currency: string): string {
  const type = ELEMENT_TYPES.find((t) => t.internalName === metric.elementType)?.displayName ?? '';
  switch (metric.metricType) {
    case 'ProjectInfo': {
      const field = metric.attributeName ?? 'name';
      const name = translate(locale, `reports.info.${field}` as 'reports.info.name');
      // A cost says its currency (SPEC §9), the price book's.
      return MONEY_PROJECT_INFO_FIELDS.some((f) => f === field)
        ? translate(locale, 'reports.info.inCurrency', { title: name, currency })
        : name;
    }
    case 'NetworkElement':
      return translate(locale, 'reports.title.count', { type });
    case 'NetworkElementAttributes':
      return `${metric.aggregationOperation ?? ''} ${metric.attributeName ?? ''} (${type})`;
    case 'FormulaResult':
      return (
        metric.formulaConfig?.resultName ||
        (metric.formulaConfig?.variableAttributes ?? []).join(' · ')
      );
  }
}

/** A metric's rows as the API shows them: the group, its value column(s), and notes. */
export function metricResult(
  metric: Metric,
  raw: RawRow[],
  locale: Locale,
  currency = DEFAULT_CURRENCY,
): MetricResult {
  const groupColumn = {
    key: 'group',
    label: translate(locale, `reports.group.${metric.groupByLevel}` as 'reports.group.cluster'),
    kind: 'text' as const,
  };
  const notes: string[] = [];
  const notNumbers = raw.reduce((n, r) => n + Number(r.notNumbers ?? 0), 0);
  const divisions = raw.reduce((n, r) => n + Number(r.divisionsByZero ?? 0), 0);
  if (notNumbers) notes.push(translate(locale, 'reports.note.notNumbers', { count: notNumbers }));
  if (divisions) notes.push(translate(locale, 'reports.note.divisionByZero', { count: divisions }));
  const heading = title(metric, locale, currency);
  const outOfRange = raw.reduce((n, r) => n + Number(r.outOfRange ?? 0), 0);
  if (outOfRange) {
    notes.push(
      translate(locale, 'reports.note.outOfRange', { metric: heading, count: outOfRange }),
    );
  }
  if (raw.some((r) => Number(r.more ?? 0) > 0)) {
    notes.push(
      translate(locale, 'reports.note.listCapped', {
        values: LIST_VALUES,
        chars: LIST_VALUE_CHARS,
      }),
    );
  }
  const base = { metricId: metric.metricId, title: heading, notes };

  // Facts that are several numbers per group: one column each.
  if (metric.metricType === 'ProjectInfo' && metric.attributeName === 'phases') {
    return {
      ...base,
      columns: [groupColumn, ...PHASES.map((p) => ({ key: p, label: p, kind: 'number' as const }))],
      rows: raw.map((r) => ({ group: r.group, ...(r.value as Record<string, number>) })),
    };
  }
  if (metric.metricType === 'ProjectInfo' && metric.attributeName === 'fibres') {
    return {
      ...base,
      columns: [
        groupColumn,
        ...FIBRE_STATES.map((state) => ({
          key: state,
          label: translate(locale, `reports.column.fibres.${state}`),
          kind: 'number' as const,
        })),
      ],
      rows: raw.map((r) => ({ group: r.group, ...(r.value as Record<string, number>) })),
    };
  }
  if (metric.metricType === 'ProjectInfo' && metric.attributeName === 'cableMetres') {
    const byCapacity = raw.map((r) => (r.value ?? {}) as Record<string, number>);
    const capacities = [...new Set(byCapacity.flatMap(Object.keys))].sort(
      (a, b) => Number(a) - Number(b) || a.localeCompare(b),
    );
    return {
      ...base,
      columns: [
        groupColumn,
        { key: 'value', label: translate(locale, 'reports.column.totalMetres'), kind: 'number' },
        ...capacities.map((c) => ({
          key: `capacity:${c}`,
          label: translate(locale, 'reports.column.capacityMetres', { capacity: c }),
          kind: 'number' as const,
        })),
      ],
      rows: raw.map((r, i) => {
        const metres = byCapacity[i] ?? {};
        return {
          group: r.group,
          value: round(Object.values(metres).reduce((sum, m) => sum + m, 0)),
          ...Object.fromEntries(capacities.map((c) => [`capacity:${c}`, metres[c] ?? 0])),
        };
      }),
    };
  }
  const numeric = !(
    (metric.metricType === 'ProjectInfo' &&
      ['name', 'client', 'subsidiary', 'mainProject'].includes(metric.attributeName ?? '')) ||
    metric.aggregationOperation === 'LIST'
  );
  const percentage = metric.formulaConfig?.resultFormat === 'PERCENTAGE';
  return {
    ...base,
    columns: [
      groupColumn,
      {
        key: 'value',
        label: base.title,
        kind: !numeric ? 'text' : percentage ? 'percentage' : 'number',
      },
    ],
    rows: raw.map((r) => {
      const value = numeric && r.value !== null ? Number(cell(r.value)) : cell(r.value);
      const more = Number(r.more ?? 0);
      if (!more) return { group: r.group, value };
      const words = translate(locale, 'reports.list.more', { count: more });
      return {
        group: r.group,
        value: `${String(value)}${LIST_MORE_JOIN}${words}`,
        [moreKey('value')]: words,
      };
    }),
  };
}

/** Chart series: one per metric drawn, a point per group (its value, or the field asked). */
export function chartResults(body: ReportBody, metrics: MetricResult[]): VisualizationResult[] {
  return body.visualizations.map((chart, index) => ({
    index,
    chartType: chart.chartType,
    series: chart.metricIndices.flatMap((i) => {
      const result = metrics[i];
      if (!result) return [];
      const field =
        [chart.chartType === 'PIE' ? chart.values : chart.yAxisField].find((f) =>
          result.columns.some((c) => c.key === f && c.kind !== 'text'),
        ) ?? result.columns.find((c) => c.key !== 'group' && c.kind !== 'text')?.key;
      if (!field) return [];
      return [
        {
          name: result.title,
          data: result.rows.map((row) => ({
            name: String(row.group ?? ''),
            value: typeof row[field] === 'number' ? row[field] : null,
          })),
        },
      ];
    }),
  }));
}
