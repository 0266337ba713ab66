import { Badge, Group } from '@mantine/core';
import type { Metric } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { metricProblem } from './metric-rules.ts';
import { useMetricName } from './useMetricName.ts';
import { ConfigureDeleteActions } from './ConfigureDeleteActions.tsx';

/** The builder's metrics table (SPEC §2): number, table info, name, Configure, Delete. */
export function BuilderMetrics({
  metrics,
  onConfigure,
  onDelete,
}: {
  metrics: Metric[];
  onConfigure: (index: number, metric: Metric) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  return (
    <DataTable
      label={t('reports.builder.metricsTable')}
      rows={metrics}
      rowKey={(m) => m.metricId}
      hover={false}
      empty={t('common.noData')}
      columns={[
        { header: t('common.number'), cell: (_, i) => i + 1 },
        {
          header: t('reports.builder.tableInfo'),
          cell: (m) => t(`reports.tableInfo.${m.metricType}`),
        },
        {
          header: t('reports.builder.metricName'),
          primary: true,
          cell: (m) => (
            <Group gap="xs" component="span">
              {metricName(m)}
              {metricProblem(m) !== null && (
                <Badge color="orange" variant="light" size="sm">
                  {t('reports.builder.toConfigure')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          header: t('reports.builder.configure'),
          actions: true,
          cell: (m, i) => (
            <ConfigureDeleteActions
              configureLabel={t('reports.builder.configureMetric', { n: i + 1 })}
              deleteLabel={t('reports.builder.deleteMetric', { n: i + 1 })}
              onConfigure={() => onConfigure(i, m)}
              onDelete={() => onDelete(i)}
            />
          ),
        },
      ]}
    />
  );
}
