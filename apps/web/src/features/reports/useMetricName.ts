import { elementTypeByName, type Metric } from '@integration/contracts';
import { useTranslation } from 'react-i18next';

const OPERATORS = { ADD: '+', SUBTRACT: '−', MULTIPLY: '×', DIVIDE: '÷' } as const;

/** A metric's name as the builder lists it: "Count of PBO-FAT", "Existing Users ÷ Capacity"… */
export function useMetricName(): (metric: Metric) => string {
  const { t } = useTranslation();
  return (metric) => {
    const type = metric.elementType
      ? (elementTypeByName(metric.elementType)?.displayName ?? metric.elementType)
      : '';
    switch (metric.metricType) {
      case 'ProjectInfo':
        return t(`reports.fields.${metric.attributeName ?? 'name'}`);
      case 'NetworkElement':
        return t('reports.names.count', { type });
      case 'NetworkElementAttributes':
        return t('reports.names.aggregate', {
          aggregation: t(`reports.aggregations.${metric.aggregationOperation ?? 'COUNT'}`),
          attribute: metric.attributeName ?? '?',
          type,
        });
      case 'FormulaResult': {
        const formula = metric.formulaConfig;
        if (formula?.resultName) return formula.resultName;
        // Project figures (no element type) by their names, attributes as they are.
        const named = (v: string) => (!v ? '?' : metric.elementType ? v : t(`reports.fields.${v}`));
        const parts = (formula?.variableAttributes ?? []).map((v, i) =>
          i === 0 ? named(v) : `${OPERATORS[formula?.operations[i - 1] ?? 'ADD']} ${named(v)}`,
        );
        return parts.join(' ');
      }
    }
  };
}
