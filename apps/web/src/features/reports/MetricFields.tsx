import { Select, SimpleGrid, Text } from '@mantine/core';
import { PROJECT_INFO_FIELDS, type MetricType } from '@integration/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { FormulaFields } from './FormulaFields.tsx';
import {
  AggregationSelect,
  ElementTypeSelect,
  GroupBySelect,
  type MetricFormProps,
} from './MetricControls.tsx';
import { allowedAggregations } from './metric-rules.ts';

function ProjectInfoFields(props: MetricFormProps) {
  const { t } = useTranslation();
  const { metric, onChange } = props;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('reports.metric.field')}
        data={PROJECT_INFO_FIELDS.map((f) => ({ value: f, label: t(`reports.fields.${f}`) }))}
        value={metric.attributeName}
        onChange={(v) => onChange({ ...metric, attributeName: v })}
        allowDeselect={false}
      />
      <GroupBySelect {...props} />
    </SimpleGrid>
  );
}

function NetworkElementFields(props: MetricFormProps) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ElementTypeSelect {...props} />
        <GroupBySelect {...props} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('reports.metric.countHint')}
      </Text>
    </>
  );
}

function AttributeFields(props: MetricFormProps) {
  const { t } = useTranslation();
  const { metric, onChange, attributes } = props;
  const chosen = attributes?.find((a) => a.name === metric.attributeName);
  const allowed = allowedAggregations(chosen?.number ?? false);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ElementTypeSelect {...props} />
      <Select
        label={t('reports.metric.attribute')}
        placeholder={t('hierarchy.choose')}
        data={(attributes ?? []).map((a) => ({
          value: a.name,
          label: a.number ? `${a.name} (${t('reports.metric.numberTag')})` : a.name,
        }))}
        value={metric.attributeName}
        onChange={(v) => {
          const numeric = attributes?.find((a) => a.name === v)?.number ?? false;
          const keep =
            metric.aggregationOperation &&
            allowedAggregations(numeric).includes(metric.aggregationOperation);
          onChange({
            ...metric,
            attributeName: v,
            aggregationOperation: keep ? metric.aggregationOperation : 'COUNT',
          });
        }}
        searchable
        nothingFoundMessage={t('hierarchy.nothingFound')}
      />
      <AggregationSelect {...props} allowed={allowed} />
      <GroupBySelect {...props} />
    </SimpleGrid>
  );
}

/** The configuration form of each metric type (SPEC §2, §5). */
export const METRIC_FIELDS: Record<MetricType, ComponentType<MetricFormProps>> = {
  ProjectInfo: ProjectInfoFields,
  NetworkElement: NetworkElementFields,
  NetworkElementAttributes: AttributeFields,
  FormulaResult: FormulaFields,
};
