import { Select } from '@mantine/core';
import {
  GROUP_BY_LEVELS,
  REPORT_ELEMENT_TYPES,
  elementTypeByName,
  type Aggregation,
  type GroupByLevel,
  type Metric,
  type ReportAttribute,
  type ReportElementType,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';

/** The editing props every metric form takes. */
export interface MetricFormProps {
  metric: Metric;
  onChange: (next: Metric) => void;
  /** The chosen element type's attributes (undefined while they load). */
  attributes: ReportAttribute[] | undefined;
}

export function ElementTypeSelect({ metric, onChange }: MetricFormProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('reports.metric.elementType')}
      data={REPORT_ELEMENT_TYPES.map((type) => ({
        value: type,
        label: elementTypeByName(type)?.displayName ?? type,
      }))}
      value={metric.elementType}
      onChange={(v) =>
        onChange({
          ...metric,
          elementType: v as ReportElementType,
          // Another type has other attributes: what was chosen no longer applies.
          attributeName:
            metric.metricType === 'NetworkElementAttributes' ? null : metric.attributeName,
          formulaConfig: metric.formulaConfig && {
            ...metric.formulaConfig,
            variableAttributes: metric.formulaConfig.variableAttributes.map(() => ''),
          },
        })
      }
      allowDeselect={false}
    />
  );
}

export function GroupBySelect({ metric, onChange }: MetricFormProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('reports.metric.groupBy')}
      data={GROUP_BY_LEVELS.map((level) => ({
        value: level,
        label: t(`reports.groupBy.${level}`),
      }))}
      value={metric.groupByLevel}
      onChange={(v) => onChange({ ...metric, groupByLevel: v as GroupByLevel })}
      allowDeselect={false}
    />
  );
}

export function AggregationSelect({
  metric,
  onChange,
  allowed,
}: MetricFormProps & { allowed: Aggregation[] }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('reports.metric.aggregation')}
      description={allowed.length < 4 ? t('reports.metric.aggregationHint') : undefined}
      data={allowed.map((a) => ({ value: a, label: t(`reports.aggregations.${a}`) }))}
      value={metric.aggregationOperation}
      onChange={(v) => onChange({ ...metric, aggregationOperation: v as Aggregation | null })}
      allowDeselect={false}
    />
  );
}
