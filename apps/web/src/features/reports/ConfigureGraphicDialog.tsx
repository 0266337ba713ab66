import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CHART_TYPES,
  DIALOG_WIDTH,
  type ChartType,
  type Metric,
  type Visualization,
} from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphicFields } from './graphic-fields.ts';
import { reportKeys, reportsApi } from './reports.api.ts';
import { useMetricName } from './useMetricName.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;
const CUSTOM_COLOURS_MAX = 24;

/**
 * ConfigureGraphic (SPEC §2; dialog host ConfigureGraphic, 50vw): which metrics a chart draws
 * and how: a pie's representation and values, or the X and Y fields and colours of bars or lines.
 */
export function ConfigureGraphicDialog({
  chart,
  metrics,
  projectId,
  onCancel,
  onSave,
}: {
  chart: Visualization | null;
  metrics: Metric[];
  projectId: number | null;
  onCancel: () => void;
  onSave: (chart: Visualization) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={chart !== null}
      onClose={onCancel}
      size={DIALOG_WIDTH}
      title={t('reports.graphic.title')}
      data-dialog-host="ConfigureGraphic"
    >
      {chart && (
        <GraphicForm
          initial={chart}
          metrics={metrics}
          projectId={projectId}
          onCancel={onCancel}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function GraphicForm({
  initial,
  metrics,
  projectId,
  onCancel,
  onSave,
}: {
  initial: Visualization;
  metrics: Metric[];
  projectId: number | null;
  onCancel: () => void;
  onSave: (chart: Visualization) => void;
}) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const [chart, setChart] = useState(initial);
  const set = (patch: Partial<Visualization>) => setChart((c) => ({ ...c, ...patch }));
  const chosen = chart.metricIndices.flatMap((i) => metrics[i] ?? []);
  const draft = { name: '', metrics: chosen, visualizations: [] };
  const scope = { projectId: projectId ?? 0 };
  const preview = useQuery({
    queryKey: reportKeys.draft(scope, draft),
    queryFn: () => reportsApi.runDraft(scope, draft),
    enabled: projectId !== null && chosen.length > 0,
    retry: false,
  });
  const fields = graphicFields(preview.data?.metrics, {
    groups: [
      {
        value: 'group',
        label: [...new Set(chosen.map((m) => t(`reports.groupBy.${m.groupByLevel}`)))].join(' / '),
      },
    ],
    figures: [{ value: 'value', label: t('reports.graphic.value') }],
  });
  const bars = preview.data?.metrics[0]?.rows.map((row) => {
    const key = preview.data?.metrics[0]?.columns[0]?.key ?? '';
    return String(row[key] ?? '');
  });
  const pie = chart.chartType === 'PIE';
  const valid =
    chart.metricIndices.length > 0 &&
    [chart.barColor, ...chart.customColors].every((c) => HEX.test(c));

  return (
    <Stack>
      <Select
        label={t('reports.graphic.type')}
        data={CHART_TYPES.map((c) => ({ value: c, label: t(`reports.chartTypes.${c}`) }))}
        value={chart.chartType}
        onChange={(v) => v && set({ chartType: v as ChartType })}
        allowDeselect={false}
      />
      <Checkbox.Group
        label={t('reports.graphic.metrics')}
        value={chart.metricIndices.map(String)}
        onChange={(v) => set({ metricIndices: v.map(Number).sort((a, b) => a - b) })}
        error={chart.metricIndices.length === 0 ? t('reports.graphic.chooseMetric') : undefined}
      >
        <Stack gap={6} mt={6}>
          {metrics.map((m, i) => (
            <Checkbox key={m.metricId} value={String(i)} label={`${i + 1}. ${metricName(m)}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={pie ? t('reports.graphic.representation') : t('reports.graphic.xAxis')}
          data={fields.groups}
          value={(pie ? chart.representation : chart.xAxisField) || null}
          onChange={(v) => set(pie ? { representation: v ?? '' } : { xAxisField: v ?? '' })}
          placeholder={t('hierarchy.choose')}
        />
        <Select
          label={pie ? t('reports.graphic.values') : t('reports.graphic.yAxis')}
          data={fields.figures}
          value={(pie ? chart.values : chart.yAxisField) || null}
          onChange={(v) => set(pie ? { values: v ?? '' } : { yAxisField: v ?? '' })}
          placeholder={t('hierarchy.choose')}
        />
      </SimpleGrid>
      {!pie && (
        <>
          <ColorInput
            label={t('reports.graphic.barColor')}
            value={chart.barColor}
            onChange={(v) => set({ barColor: v })}
            format="hex"
            maw={240}
          />
          <Switch
            label={t('reports.graphic.customColors')}
            checked={chart.useCustomColors}
            onChange={(e) => set({ useCustomColors: e.currentTarget.checked })}
          />
          {chart.useCustomColors && (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {chart.customColors.map((colour, i) => (
                  <ColorInput
                    key={i}
                    label={t('reports.graphic.colourOf', { n: i + 1, name: bars?.[i] ?? '' })}
                    value={colour}
                    format="hex"
                    onChange={(v) =>
                      set({ customColors: chart.customColors.map((c, k) => (k === i ? v : c)) })
                    }
                  />
                ))}
              </SimpleGrid>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  disabled={chart.customColors.length >= CUSTOM_COLOURS_MAX}
                  onClick={() => set({ customColors: [...chart.customColors, chart.barColor] })}
                >
                  {t('reports.graphic.addColour')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={chart.customColors.length === 0}
                  onClick={() => set({ customColors: chart.customColors.slice(0, -1) })}
                >
                  {t('reports.graphic.removeColour')}
                </Button>
              </Group>
              {chart.customColors.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('reports.graphic.customColorsHint')}
                </Text>
              )}
            </Stack>
          )}
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onSave(chart)} disabled={!valid}>
          {t('reports.metric.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
