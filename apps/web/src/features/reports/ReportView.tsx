import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconFileSpreadsheet, IconFileTypePdf, IconPlayerPlay } from '@tabler/icons-react';
import type { Metric, Report, ReportRun } from '@integration/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { formatDate } from '../../app/format.ts';
import { DownloadProgress } from '../qr/DownloadProgress.tsx';
import { useDocumentDownload } from '../qr/useDocumentDownload.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { ReportChart } from './ReportChart.tsx';
import { reportKeys, reportsApi, type RunScope } from './reports.api.ts';
import { ResultTable } from './ResultTable.tsx';
import { ScopePicker } from './ScopePicker.tsx';
import { scopeLabel } from './scope-label.ts';
import { useMetricName } from './useMetricName.ts';

/**
 * A report opened: the scope to run it on (the workspace's project by default), Run, then each
 * metric as a sortable table with its notes and each chart with its text alternative.
 */
export function ReportView({
  reportId,
  autoRun,
  onBack,
  onEdit,
}: {
  reportId: number;
  autoRun: boolean;
  onBack: () => void;
  onEdit: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const workspaceProject = useWorkspace((s) => s.projectId);
  const [scope, setScope] = useState<Partial<RunScope>>({
    projectId: workspaceProject ?? undefined,
  });
  const report = useQuery({
    queryKey: reportKeys.one(reportId),
    queryFn: () => reportsApi.get(reportId),
  });
  const run = useMutation({
    mutationFn: async (s: RunScope) => ({
      result: await reportsApi.run(reportId, s),
      label: scopeLabel(queryClient, s),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
  const download = useDocumentDownload();
  const runNow = run.mutate;
  const projectId = scope.projectId;
  const start = () => {
    if (projectId !== undefined) run.mutate({ ...scope, projectId });
  };
  const autoRan = useRef(false);
  useEffect(() => {
    if (autoRun && !autoRan.current && report.data && projectId !== undefined) {
      autoRan.current = true;
      runNow({ projectId });
    }
  }, [autoRun, report.data, projectId, runNow]);

  if (report.isError) {
    return (
      <Alert color="red" title={t('toast.error')}>
        {errorMessage(report.error, t)}
      </Alert>
    );
  }
  const saved = report.data;
  return (
    <Stack>
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('reports.view.back')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {saved?.name ?? t('routes.reports')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {(['xlsx', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="light"
              leftSection={
                format === 'pdf' ? <IconFileTypePdf size={16} /> : <IconFileSpreadsheet size={16} />
              }
              disabled={projectId === undefined || !saved || download.state !== null}
              onClick={() =>
                saved &&
                projectId !== undefined &&
                void download.run(
                  saved.name,
                  format === 'pdf' ? 'pdf' : 'excel',
                  (progress, signal) =>
                    reportsApi.export(saved.id, { ...scope, projectId }, format, progress, signal),
                )
              }
            >
              {t(`reports.view.export.${format}`)}
            </Button>
          ))}
          {saved && (
            <Button variant="light" onClick={() => onEdit(saved)}>
              {t('reports.list.editShort')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap">
          <ScopePicker value={scope} onChange={setScope} />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={start}
            disabled={projectId === undefined || !saved}
            loading={run.isPending}
          >
            {t('reports.view.run')}
          </Button>
        </Group>
      </Paper>
      {download.state && <DownloadProgress state={download.state} onCancel={download.cancel} />}
      {run.isError && (
        <Alert color="red" title={t('reports.view.runFailed')}>
          {errorMessage(run.error, t)}
        </Alert>
      )}
      {run.data && saved && (
        <RunResults run={run.data.result} scope={run.data.label} report={saved} />
      )}
      {!run.data && !run.isPending && <Text c="dimmed">{t('reports.view.chooseScope')}</Text>}
    </Stack>
  );
}

function RunResults({ run, scope, report }: { run: ReportRun; scope: string; report: Report }) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const isPercentage = (metrics: Metric[]) =>
    metrics.length > 0 && metrics.every((m) => m.formulaConfig?.resultFormat === 'PERCENTAGE');
  const drawn = (index: number) =>
    (report.visualizations[index]?.metricIndices ?? []).flatMap((i) => report.metrics[i] ?? []);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('reports.view.ranAt', { date: formatDate(run.ranAt), scope })}
      </Text>
      {run.visualizations.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, lg: 2 }}
          component="section"
          aria-label={t('reports.view.charts')}
        >
          {run.visualizations.map((v) => (
            <ReportChart
              key={v.index}
              result={v}
              config={report.visualizations[v.index]}
              title={drawn(v.index).map(metricName).join(', ')}
              percentage={isPercentage(drawn(v.index))}
              fileName={`${report.name}-${v.index + 1}`}
            />
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {run.metrics.map((result) => (
          <Paper
            key={result.metricId}
            withBorder
            p="md"
            miw={0}
            component="section"
            aria-label={result.title}
          >
            <Title order={2} size="h4" mb="xs">
              {result.title}
            </Title>
            {result.notes.length > 0 && (
              <Alert color="yellow" mb="sm" p="xs">
                <List size="sm">
                  {result.notes.map((note) => (
                    <List.Item key={note}>{note}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <ResultTable result={result} />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
