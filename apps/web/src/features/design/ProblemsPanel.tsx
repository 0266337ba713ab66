import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconX,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignProblem, DesignRule } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { useCompact } from '../../app/useCompact.ts';
import { useEditorState, useMapSession } from '../map/ui/editor-context.ts';
import { designApi } from './design.api.ts';
import { designPanel } from './design-panel.store.ts';
import { showElements } from '../map/ui/show-elements.ts';
import { useCountsText } from './ProblemsBadge.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { problemKey } from './problems.ts';
import { useProblems } from './useProblems.ts';
import classes from './ProblemsPanel.module.css';

const unbroken = (name: string) => name.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');

/**
 * The open cluster's design problems over the map (issue 27), like an editor's problems list:
 * the counts by severity and when they were checked, filters by severity and rule, a row per
 * problem; choosing one frames and selects its elements. Thresholds (planners, admins) and an
 * XLSX of the list from its header. A side panel on a wide screen; on a phone a sheet under the
 * map that folds to its title.
 */
export function ProblemsPanel({
  clusterId,
  clusterName,
}: {
  clusterId: number;
  clusterName: string;
}) {
  const { t, i18n } = useTranslation();
  const compact = useCompact();
  const { editor, view } = useMapSession();
  const canEdit = useEditorState((s) => s.canEdit);
  const panel = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [rule, setRule] = useState<DesignRule | null>(null);
  const [active, setActive] = useState<DesignProblem | null>(null);
  const problems = useProblems(clusterId);
  const countsText = useCountsText();
  const data = problems.data;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  const download = async () => {
    setDownloading(true);
    try {
      await designApi.problemsXlsx(clusterId, rule);
    } catch (error) {
      notify.error(errorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  const pick = (p: DesignProblem) => {
    setActive(p);
    showElements({ editor, view }, p.elementIds, panel.current);
  };

  const exportButton = data ? (
    compact ? (
      <ActionIcon
        variant="light"
        aria-label={t('design.exportXlsx')}
        title={t('design.exportXlsx')}
        loading={downloading}
        onClick={() => void download()}
      >
        <IconDownload size={18} />
      </ActionIcon>
    ) : (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={downloading}
        onClick={() => void download()}
      >
        {t('design.exportXlsx')}
      </Button>
    )
  ) : null;
  const thresholdsButton = canEdit ? (
    compact ? (
      <ActionIcon
        variant="light"
        aria-label={t('design.thresholds.action')}
        title={t('design.thresholds.action')}
        onClick={designPanel.openThresholds}
      >
        <IconAdjustmentsHorizontal size={18} />
      </ActionIcon>
    ) : (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconAdjustmentsHorizontal size={14} />}
        onClick={designPanel.openThresholds}
      >
        {t('design.thresholds.action')}
      </Button>
    )
  ) : null;

  return (
    <Paper
      ref={panel}
      shadow="md"
      withBorder
      radius={compact ? 0 : 'md'}
      p="xs"
      className={compact ? classes.sheet : classes.side}
      role="region"
      aria-label={t('design.panel')}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ flex: 1, minWidth: 0 }} lineClamp={2}>
          {t('design.title', { name: unbroken(clusterName) })}
        </Text>
        {thresholdsButton}
        {exportButton}
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={folded ? t('design.unfold') : t('design.fold')}
            onClick={() => setFolded((f) => !f)}
          >
            {folded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
        ) : null}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('design.close')}
          onClick={designPanel.close}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
      {data ? (
        <Group gap={6} mt={4} wrap="wrap" aria-live="polite">
          <Text size="sm" fw={500} className={classes.counts} data-design-counts>
            {countsText(data.counts)}
          </Text>
          <Text size="xs" c="dimmed">
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {problems.isFetching
              ? t('design.rechecking')
              : t('design.checkedAt', { time: time.format(new Date(data.checkedAt)) })}
          </Text>
          {problems.isFetching ? <Loader size={12} aria-hidden /> : null}
        </Group>
      ) : null}
      {problems.isPending ? (
        <Group gap="xs" mt="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed" role="status">
            {t('design.checking')}
          </Text>
        </Group>
      ) : null}
      {problems.error ? (
        <Alert color="red" mt="xs">
          {errorMessage(problems.error, t)}
        </Alert>
      ) : null}
      {data && !folded ? (
        <Stack gap="xs" mt="xs" className={classes.body}>
          <ProblemsList
            problems={data.problems}
            activeKey={active ? problemKey(active) : null}
            onPick={pick}
            onRuleChange={setRule}
            compact={compact}
            active={active ? <Chosen problem={active} /> : null}
          />
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * Under the chosen row: the elements it selected on the map, by name, each with its details;
 * or why nothing could be selected (an element of another cluster, or gone since).
 */
function Chosen({ problem }: { problem: DesignProblem }) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const selection = useEditorState((s) => s.selection);
  useEditorState((s) => s.revision);
  const elements = problem.elementIds.flatMap((id) => editor.collection.byId(id) ?? []);
  if (!elements.length) {
    return (
      <Text size="xs" c="dimmed">
        {t('design.notOnMap')}
      </Text>
    );
  }
  const selected = elements.filter((e) => selection.includes(e.key));
  if (!selected.length) return null;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" role="status">
        {t('design.selected', { names: selected.map((e) => e.name).join(', ') })}
      </Text>
      {selected.map((e) => (
        <Tooltip key={e.key} label={t('design.detailsOf', { name: e.name })}>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={t('design.detailsOf', { name: e.name })}
            onClick={() => editor.openDetail(e.key)}
          >
            {selected.length > 1 ? e.name : t('design.details')}
          </Button>
        </Tooltip>
      ))}
    </Group>
  );
}
