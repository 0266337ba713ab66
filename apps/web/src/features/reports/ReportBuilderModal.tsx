import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  METRIC_TYPES,
  MODAL_WIDTH,
  REPORT_CHARTS_MAX,
  REPORT_METRICS_MAX,
  type ChartType,
  type Metric,
  type MetricType,
  type Report,
  type ReportBody,
  type Visualization,
} from '@integration/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { BuilderCharts } from './BuilderCharts.tsx';
import { BuilderMetrics } from './BuilderMetrics.tsx';
import { ConfigureGraphicDialog } from './ConfigureGraphicDialog.tsx';
import { MetricDialog } from './MetricDialog.tsx';
import { metricProblem, newMetric } from './metric-rules.ts';
import { newVisualization, removeMetric, replaceMetric } from './report-edits.ts';
import { reportsApi } from './reports.api.ts';

/** What the builder opens on: a new report (blank or from a ready-made one), or a saved one. */
export type BuilderTarget =
  { mode: 'create'; from?: ReportBody } | { mode: 'edit'; report: Report };

/**
 * The New KPI Report modal (SPEC §2; modal host NewReport, 75vw): name, metrics added by table
 * info and configured in their dialogs, charts by graphic type, then Save with SPEC §8's toasts.
 */
export function ReportBuilderModal({
  target,
  onClose,
  onSaved,
}: {
  target: BuilderTarget | null;
  onClose: () => void;
  onSaved: (report: Report) => void;
}) {
  const { t } = useTranslation();
  // Note: the form says when it holds changes, so a stray Escape or backdrop click asks first.
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    setDirty(false);
    onClose();
  };
  const requestClose = () => (dirty ? setAsking(true) : close());
  return (
    <>
      <Modal
        opened={target !== null}
        onClose={requestClose}
        size={MODAL_WIDTH}
        title={
          target?.mode === 'edit' ? t('reports.builder.editTitle') : t('reports.builder.title')
        }
        data-modal-host="NewReport"
      >
        {target && (
          <BuilderForm
            key={target.mode === 'edit' ? target.report.id : 'new'}
            saved={target.mode === 'edit' ? target.report : null}
            from={target.mode === 'create' ? target.from : undefined}
            onDirty={setDirty}
            onClose={requestClose}
            onSaved={(report) => {
              setDirty(false);
              onSaved(report);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={asking}
        title={t('reports.builder.discardTitle')}
        message={t('reports.builder.discard')}
        confirmLabel={t('reports.builder.discardConfirm')}
        onConfirm={close}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The dialog open over the builder, if any. */
type Editing =
  /** `added`: the metric was just added, so Cancel takes it away again. */
  | { dialog: 'metric'; index: number; metric: Metric; added: boolean }
  | { dialog: 'chart'; index: number | null; chart: Visualization }
  | null;

function BuilderForm({
  saved,
  from,
  onDirty,
  onClose,
  onSaved,
}: {
  saved: Report | null;
  from: ReportBody | undefined;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: (report: Report) => void;
}) {
  const { t } = useTranslation();
  const [initial] = useState<ReportBody>(() =>
    saved
      ? { name: saved.name, metrics: saved.metrics, visualizations: saved.visualizations }
      : (from ?? { name: '', metrics: [], visualizations: [] }),
  );
  const [report, setReport] = useState<ReportBody>(initial);
  const changed = report !== initial;
  useEffect(() => onDirty(changed), [changed, onDirty]);
  const [tableInfo, setTableInfo] = useState<MetricType | null>(null);
  const [graphicType, setGraphicType] = useState<ChartType | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const workspaceProject = useWorkspace((s) => s.projectId);
  const [previewProject, setPreviewProject] = useState<number | null>(workspaceProject);
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });

  const save = useMutation({
    mutationFn: () => (saved ? reportsApi.update(saved.id, report) : reportsApi.create(report)),
    onSuccess: (answer) => {
      notify.success(t('reports.toasts.saved'));
      onSaved(answer.data);
    },
    onError: () => notify.error(t('reports.toasts.saveFailed')),
  });

  const addMetric = () => {
    if (!tableInfo) return;
    const metric = newMetric(tableInfo);
    setReport((r) => ({ ...r, metrics: [...r.metrics, metric] }));
    setEditing({ dialog: 'metric', index: report.metrics.length, metric, added: true });
  };
  const saveMetric = (index: number, metric: Metric) => {
    setReport((r) => replaceMetric(r, index, metric));
    setEditing(null);
  };
  const saveChart = (index: number | null, chart: Visualization) => {
    setReport((r) => ({
      ...r,
      visualizations:
        index === null
          ? [...r.visualizations, chart]
          : r.visualizations.map((v, i) => (i === index ? chart : v)),
    }));
    setEditing(null);
  };
  const incomplete = report.metrics.some((m) => metricProblem(m) !== null);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('reports.builder.name')}
          placeholder={t('reports.builder.namePlaceholder')}
          value={report.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setReport((r) => ({ ...r, name }));
          }}
          maxLength={200}
        />
        <Select
          label={t('reports.builder.previewProject')}
          description={t('reports.builder.previewProjectHint')}
          data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={previewProject === null ? null : String(previewProject)}
          onChange={(v) => setPreviewProject(v ? Number(v) : null)}
          searchable
          clearable
        />
      </SimpleGrid>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('reports.builder.tableInfo')}
          placeholder={t('reports.builder.tableInfoPlaceholder')}
          data={METRIC_TYPES.map((m) => ({ value: m, label: t(`reports.tableInfo.${m}`) }))}
          value={tableInfo}
          onChange={(v) => setTableInfo(v as MetricType | null)}
          miw={300}
        />
        <Button
          variant="light"
          onClick={addMetric}
          disabled={!tableInfo || report.metrics.length >= REPORT_METRICS_MAX}
        >
          {t('common.add')}
        </Button>
      </Group>
      <BuilderMetrics
        metrics={report.metrics}
        onConfigure={(index, metric) =>
          setEditing({ dialog: 'metric', index, metric, added: false })
        }
        onDelete={(index) => setReport((r) => removeMetric(r, index))}
      />
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('reports.builder.graphicType')}
          placeholder={t('reports.builder.graphicTypePlaceholder')}
          data={(['BAR', 'PIE', 'LINE'] as const).map((c) => ({
            value: c,
            label: t(`reports.chartTypes.${c}`),
          }))}
          value={graphicType}
          onChange={(v) => setGraphicType(v as ChartType | null)}
          miw={300}
        />
        <Button
          variant="light"
          disabled={
            !graphicType ||
            report.metrics.length === 0 ||
            report.visualizations.length >= REPORT_CHARTS_MAX
          }
          onClick={() =>
            graphicType &&
            setEditing({
              dialog: 'chart',
              index: null,
              chart: newVisualization(graphicType, report.metrics.length),
            })
          }
        >
          {t('reports.builder.configure')}
        </Button>
      </Group>
      <BuilderCharts
        charts={report.visualizations}
        onConfigure={(index, chart) => setEditing({ dialog: 'chart', index, chart })}
        onDelete={(index) =>
          setReport((r) => ({
            ...r,
            visualizations: r.visualizations.filter((_, i) => i !== index),
          }))
        }
      />
      {save.isError && (
        // SPEC §8's toast says it failed; the server's message says why (e.g. which metric).
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        {incomplete && (
          <Text size="sm" c="dimmed" role="status">
            {t('reports.builder.incomplete')}
          </Text>
        )}
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={incomplete}>
          {t('reports.builder.save')}
        </Button>
      </Group>
      <MetricDialog
        metric={editing?.dialog === 'metric' ? editing.metric : null}
        number={editing?.dialog === 'metric' ? editing.index + 1 : 0}
        projectId={previewProject}
        onCancel={() => {
          if (editing?.dialog === 'metric' && editing.added) {
            setReport((r) => removeMetric(r, editing.index));
          }
          setEditing(null);
        }}
        onSave={(metric) => editing?.dialog === 'metric' && saveMetric(editing.index, metric)}
      />
      <ConfigureGraphicDialog
        chart={editing?.dialog === 'chart' ? editing.chart : null}
        metrics={report.metrics}
        projectId={previewProject}
        onCancel={() => setEditing(null)}
        onSave={(chart) => editing?.dialog === 'chart' && saveChart(editing.index, chart)}
      />
    </Stack>
  );
}
