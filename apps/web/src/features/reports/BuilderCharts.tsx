import { Group, Stack, Text } from '@mantine/core';
import type { Visualization } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { ConfigureDeleteActions } from './ConfigureDeleteActions.tsx';

/** The charts configured so far, each with Configure and Delete. */
export function BuilderCharts({
  charts,
  onConfigure,
  onDelete,
}: {
  charts: Visualization[];
  onConfigure: (index: number, chart: Visualization) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (charts.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} aria-label={t('reports.builder.charts')}>
      {charts.map((chart, i) => {
        const name = t('reports.builder.chartOf', {
          n: i + 1,
          kind: t(`reports.chartTypes.${chart.chartType}`),
          metrics: chart.metricIndices.map((k) => k + 1).join(', '),
        });
        return (
          <Group key={i} component="li" justify="space-between" style={{ listStyle: 'none' }}>
            <Text size="sm">{name}</Text>
            <ConfigureDeleteActions
              configureLabel={t('reports.builder.configureChart', { n: i + 1 })}
              deleteLabel={t('reports.builder.deleteChart', { n: i + 1 })}
              onConfigure={() => onConfigure(i, chart)}
              onDelete={() => onDelete(i)}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
