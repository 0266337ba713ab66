import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DIALOG_WIDTH, type Metric } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { METRIC_FIELDS } from './MetricFields.tsx';
import { MetricPreview } from './MetricPreview.tsx';
import { metricProblem } from './metric-rules.ts';
import { reportKeys, reportsApi } from './reports.api.ts';

/**
 * The configuration dialog of one metric (SPEC §2; dialog host NewReport, 50vw): the form of its
 * type and a live preview on the preview project. Save hands the metric back to the builder.
 */
export function MetricDialog({
  metric,
  number,
  projectId,
  onCancel,
  onSave,
}: {
  metric: Metric | null;
  number: number;
  projectId: number | null;
  onCancel: () => void;
  onSave: (metric: Metric) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={metric !== null}
      onClose={onCancel}
      size={DIALOG_WIDTH}
      title={
        metric
          ? t('reports.metric.title', {
              n: number,
              type: t(`reports.tableInfo.${metric.metricType}`),
            })
          : ''
      }
      data-dialog-host="NewReport"
    >
      {metric && (
        <MetricForm
          key={metric.metricId}
          initial={metric}
          projectId={projectId}
          onCancel={onCancel}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function MetricForm({
  initial,
  projectId,
  onCancel,
  onSave,
}: {
  initial: Metric;
  projectId: number | null;
  onCancel: () => void;
  onSave: (metric: Metric) => void;
}) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState(initial);
  // Without a preview project, the attributes of every project the user may read (issue 28).
  const attributes = useQuery({
    queryKey: reportKeys.attributes(projectId ?? 0),
    queryFn: () => reportsApi.attributes(projectId),
    enabled: initial.metricType !== 'ProjectInfo',
  });
  const Fields = METRIC_FIELDS[metric.metricType];
  const problem = metricProblem(metric, attributes.data);
  const ofType = metric.elementType ? attributes.data?.[metric.elementType] : undefined;

  return (
    <Stack>
      <Fields metric={metric} onChange={setMetric} attributes={ofType} />
      <Divider />
      <MetricPreview metric={metric} projectId={projectId} ready={problem === null} />
      {problem && (
        <Text size="sm" c="dimmed" role="status">
          {t(`reports.problems.${problem}`)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onSave(metric)} disabled={problem !== null}>
          {t('reports.metric.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
