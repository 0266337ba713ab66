import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoadImportMode, RoadImportReport } from '@integration/contracts';
import { routingApi } from './routing.api.ts';

type Phase =
  | { phase: 'form'; error?: string }
  | { phase: 'sending'; percent: number }
  | { phase: 'building' }
  | { phase: 'report'; report: RoadImportReport };

const km = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/**
 * The import wizard's road-network step: a file (and which of its line layers) loaded as the
 * project's road network, replacing it or added to it, with progress and what was loaded.
 */
export function RoadNetworkStep({
  projectId,
  files,
  layers,
  onBack,
  onClose,
  onDone,
}: {
  projectId: number;
  files: File[];
  /** The file's line layers, by their name in the file; empty when not read first (OSM). */
  layers: string[];
  onBack?: () => void;
  onClose(): void;
  onDone(report: RoadImportReport): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const client = useQueryClient();
  const [mode, setMode] = useState<RoadImportMode>('replace');
  const [layer, setLayer] = useState<string | null>(layers[0] ?? null);
  const [state, setState] = useState<Phase>({ phase: 'form' });
  const abort = useRef<AbortController | null>(null);
  const network = useQuery({
    queryKey: ['roadNetwork', projectId],
    queryFn: () => routingApi.network(projectId),
    retry: false,
  });
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'sending', percent: 0 });
    try {
      const report = await routingApi.importNetwork(
        projectId,
        files,
        { mode, layer: layer ?? undefined, signal: controller.signal },
        ({ sent, total }) => {
          if (sent >= total) setState({ phase: 'building' });
          else
            setState({ phase: 'sending', percent: total ? Math.round((100 * sent) / total) : 0 });
        },
      );
      void client.invalidateQueries({ queryKey: ['roadNetwork', projectId] });
      setState({ phase: 'report', report });
      onDone(report);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return setState({ phase: 'form' });
      setState({ phase: 'form', error: error instanceof Error ? error.message : String(error) });
    }
  }

  if (state.phase === 'report') {
    const { report } = state;
    const classes = Object.entries(report.classes).sort((a, b) => b[1] - a[1]);
    return (
      <Stack>
        <Alert color="green" title={t('routing.import.reportTitle')}>
          {t('routing.import.reportSummary', {
            edges: number(report.edges),
            km: km(report.kilometres, locale),
          })}
        </Alert>
        {classes.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('routing.import.classes')}
            </Text>
            <Group gap={6} role="list" aria-label={t('routing.import.classes')}>
              {classes.map(([name, count]) => (
                <Badge key={name} role="listitem" variant="light" color="gray" tt="none">
                  {t('routing.import.classItem', { name, count: number(count) })}
                </Badge>
              ))}
            </Group>
          </Stack>
        ) : null}
        {report.skipped.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('routing.import.skipped')}
            </Text>
            <List size="sm" aria-label={t('routing.import.skipped')}>
              {report.skipped.map((s) => (
                <List.Item key={s.reason}>
                  {t('routing.import.skippedItem', {
                    reason: s.message ?? s.reason,
                    count: number(s.count),
                  })}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('fileFormat.close')}</Button>
        </Group>
      </Stack>
    );
  }

  const busy = state.phase === 'sending' || state.phase === 'building';
  const summary = network.data;
  return (
    <Stack>
      <Text size="sm">{t('routing.import.stepIntro')}</Text>
      {summary ? (
        <Text size="sm" c="dimmed">
          {summary.edges
            ? t('routing.import.current', {
                edges: number(summary.edges),
                km: km(summary.kilometres, locale),
              })
            : t('routing.import.currentNone')}
        </Text>
      ) : null}
      {layers.length > 1 ? (
        <Select
          label={t('routing.import.layer')}
          data={layers}
          value={layer}
          onChange={setLayer}
          allowDeselect={false}
          disabled={busy}
        />
      ) : (
        <Text size="sm">
          {t('routing.import.layer')}: <b>{layer ?? t('routing.import.wholeFile')}</b>
        </Text>
      )}
      <Radio.Group
        label={t('routing.import.mode')}
        value={mode}
        onChange={(value) => setMode(value as RoadImportMode)}
      >
        <Stack gap={6} mt={6}>
          <Radio value="replace" label={t('routing.import.replace')} disabled={busy} />
          <Radio value="add" label={t('routing.import.add')} disabled={busy} />
        </Stack>
      </Radio.Group>
      {state.phase === 'form' && state.error ? (
        <Alert color="red" title={t('routing.import.failed')} role="alert">
          {state.error}
        </Alert>
      ) : null}
      {busy ? (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {state.phase === 'sending'
              ? t('routing.import.uploading', { percent: state.percent })
              : t('routing.import.building')}
          </Text>
          <Progress
            value={state.phase === 'sending' ? state.percent : 100}
            striped={state.phase === 'building'}
            animated={state.phase === 'building'}
            aria-label={t('routing.import.progressLabel')}
          />
        </Stack>
      ) : null}
      <Group justify="flex-end">
        {state.phase === 'sending' ? (
          <Button color="red" variant="light" onClick={() => abort.current?.abort()}>
            {t('fileFormat.cancel')}
          </Button>
        ) : null}
        {busy ? null : (
          <>
            {onBack ? (
              <Button variant="default" onClick={onBack}>
                {t('routing.import.back')}
              </Button>
            ) : (
              <Button variant="default" onClick={onClose}>
                {t('fileFormat.cancel')}
              </Button>
            )}
            <Button onClick={() => void start()}>{t('routing.import.start')}</Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
