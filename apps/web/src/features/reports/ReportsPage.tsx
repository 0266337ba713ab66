import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import type { Report } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { session } from '../../session/session.ts';
import { ReadyMadeMenu } from './ReadyMadeMenu.tsx';
import { ReportBuilderModal, type BuilderTarget } from './ReportBuilderModal.tsx';
import { ReportList } from './ReportList.tsx';
import { duplicateOf } from './report-edits.ts';
import { reportKeys, reportsApi } from './reports.api.ts';
import { ReportView } from './ReportView.tsx';
import { ShareReportDialog } from './ShareReportDialog.tsx';

/**
 * Reports (SPEC §2 `/reports`): the user's KPI reports, the New KPI Report builder, and a report
 * opened to run (`?report={id}`, with `&run=1` to run it at once on the workspace's project).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [builder, setBuilder] = useState<BuilderTarget | null>(null);
  const [toDelete, setToDelete] = useState<Report | null>(null);
  const [toShare, setToShare] = useState<Report | null>(null);
  const userId = session.user()?.id ?? 0;
  const openId = Number(params.get('report')) || null;

  const reports = useQuery({
    queryKey: reportKeys.ofUser(userId),
    queryFn: () => reportsApi.ofUser(userId),
    enabled: userId > 0,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
  const remove = useMutation({
    mutationFn: (report: Report) => reportsApi.delete(report.id),
    onSuccess: (_, report) => {
      notify.success(t('reports.toasts.deleted', { name: report.name }));
      setToDelete(null);
      void reload();
    },
    onError: (error) => notify.error(errorMessage(error, t)),
  });
  const duplicate = useMutation({
    mutationFn: (report: Report) =>
      reportsApi.create(duplicateOf(report, t('reports.list.copySuffix'))),
    onSuccess: () => {
      notify.success(t('reports.toasts.duplicated'));
      void reload();
    },
    onError: (error) => notify.error(errorMessage(error, t)),
  });
  const open = (report: Report, run = false) =>
    setParams(run ? { report: String(report.id), run: '1' } : { report: String(report.id) });

  return (
    <>
      {openId ? (
        <ReportView
          key={`${openId}-${params.get('run') ?? ''}`}
          reportId={openId}
          autoRun={params.get('run') === '1'}
          onBack={() => setParams({})}
          onEdit={(report) => setBuilder({ mode: 'edit', report })}
        />
      ) : (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h2">
              {t('routes.reports')}
            </Title>
            <Group gap="xs">
              <ReadyMadeMenu onChoose={(from) => setBuilder({ mode: 'create', from })} />
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setBuilder({ mode: 'create' })}
              >
                {t('reports.list.new')}
              </Button>
            </Group>
          </Group>
          {reports.isError && (
            <Alert color="red" title={t('toast.error')}>
              {errorMessage(reports.error, t)}
            </Alert>
          )}
          {reports.isPending ? (
            <Center p="xl">
              <Loader aria-label={t('reports.list.loading')} />
            </Center>
          ) : (
            reports.data && (
              <ReportList
                reports={reports.data}
                onCreate={() => setBuilder({ mode: 'create' })}
                actions={{
                  open: (r) => open(r),
                  run: (r) => open(r, true),
                  edit: (r) => setBuilder({ mode: 'edit', report: r }),
                  duplicate: (r) => duplicate.mutate(r),
                  remove: setToDelete,
                  share: setToShare,
                }}
              />
            )
          )}
        </Stack>
      )}
      <ReportBuilderModal
        target={builder}
        onClose={() => setBuilder(null)}
        onSaved={() => {
          setBuilder(null);
          void reload();
        }}
      />
      <ShareReportDialog
        report={toShare}
        onClose={() => setToShare(null)}
        onShared={() => {
          setToShare(null);
          void reload();
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('reports.list.confirmDeleteTitle')}
        message={t('reports.list.confirmDelete', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
