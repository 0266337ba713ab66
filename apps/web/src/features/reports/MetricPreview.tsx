import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Metric } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { reportKeys, reportsApi } from './reports.api.ts';
import { ResultTable } from './ResultTable.tsx';

const PREVIEW_ROWS = 5;

/** The first rows of a metric being configured, run unsaved on the preview project. */
export function MetricPreview({
  metric,
  projectId,
  ready,
}: {
  metric: Metric;
  projectId: number | null;
  ready: boolean;
}) {
  const { t } = useTranslation();
  // Note: waits for the user to stop typing, so a result name does not run a query per key.
  const [debounced] = useDebouncedValue(metric, 400);
  const report = { name: '', metrics: [debounced], visualizations: [] };
  const scope = { projectId: projectId ?? 0 };
  const preview = useQuery({
    queryKey: reportKeys.draft(scope, report),
    queryFn: () => reportsApi.runDraft(scope, report),
    enabled: projectId !== null && ready,
    retry: false,
  });
  const result = preview.data?.metrics[0];

  return (
    <Stack gap="xs" component="section" aria-label={t('reports.metric.preview')}>
      <Text fw={600} size="sm">
        {t('reports.metric.preview')}
      </Text>
      {projectId === null ? (
        <Text size="sm" c="dimmed">
          {t('reports.metric.previewNeedsProject')}
        </Text>
      ) : !ready ? (
        <Text size="sm" c="dimmed">
          {t('reports.metric.previewIncomplete')}
        </Text>
      ) : preview.isError ? (
        <Alert color="red" p="xs">
          {errorMessage(preview.error, t)}
        </Alert>
      ) : result ? (
        <>
          <ResultTable result={result} limit={PREVIEW_ROWS} />
          {result.rows.length > PREVIEW_ROWS && (
            <Text size="xs" c="dimmed">
              {t('reports.metric.previewMore', { shown: PREVIEW_ROWS, total: result.rows.length })}
            </Text>
          )}
          {result.notes.map((note) => (
            <Text key={note} size="xs" c="yellow.8">
              {note}
            </Text>
          ))}
        </>
      ) : (
        <Loader size="sm" aria-label={t('reports.metric.previewLoading')} />
      )}
    </Stack>
  );
}
