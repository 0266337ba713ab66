import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDownload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBudget } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { useCompact } from '../../app/useCompact.ts';
import { useMapSession } from '../map/ui/editor-context.ts';
import { fibreApi, fibreKeys } from './fibre.api.ts';
import { fibreScreens, type HomesList } from './fibre-screens.store.ts';
import { HomesTable } from './HomesTable.tsx';
import { frameBesidePanel } from '../map/ui/frame-beside-panel.ts';
import { traceFeatures } from './trace-overlay.ts';
import classes from './HomesPanel.module.css';

const unbroken = (name: string) => name.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');

/**
 * A list of homes over the map (issue 26): a cluster's loss budget (every home, with an XLSX of
 * it), or the homes an OLT port serves; those its filter keeps are highlighted on the map. A side
 * panel on a wide screen; on a phone a sheet under the map that folds to its title. Choosing a
 * home opens its trace in the panel's place; closing the trace comes back here.
 */
export function HomesPanel({ list }: { list: HomesList }) {
  const { t } = useTranslation();
  const compact = useCompact();
  const panel = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The homes of the table's filter, ringed on the map.
  const [ringed, setRinged] = useState<HomeBudget[] | null>(null);
  const homes = useQuery({
    queryKey:
      list.kind === 'budget' ? fibreKeys.budget(list.clusterId) : fibreKeys.portHomes(list.portId),
    queryFn: () =>
      list.kind === 'budget' ? fibreApi.budget(list.clusterId) : fibreApi.portHomes(list.portId),
  });
  const data = homes.data?.homes;
  const title =
    list.kind === 'budget'
      ? t('fibre.budget.title', { name: list.name })
      : t('fibre.served.title', { name: list.name });

  const download = async () => {
    if (list.kind !== 'budget') return;
    setDownloading(true);
    try {
      await fibreApi.budgetXlsx(list.clusterId);
    } catch (error) {
      notify.error(errorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper
      ref={panel}
      shadow="md"
      withBorder
      radius={compact ? 0 : 'md'}
      p="xs"
      className={compact ? classes.sheet : classes.side}
      role="region"
      aria-label={list.kind === 'budget' ? t('fibre.budget.panel') : t('fibre.served.panel')}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ flex: 1, minWidth: 0 }} lineClamp={2}>
          {/* On screen a name is not cut at its space or hyphen ("OLT 1-1"). */}
          {list.kind === 'budget'
            ? t('fibre.budget.title', { name: unbroken(list.name) })
            : t('fibre.served.title', { name: unbroken(list.name) })}
        </Text>
        {list.kind === 'budget' && data ? (
          compact ? (
            <ActionIcon
              variant="light"
              aria-label={t('fibre.exportXlsx')}
              title={t('fibre.exportXlsx')}
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
              {t('fibre.exportXlsx')}
            </Button>
          )
        ) : null}
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={folded ? t('fibre.budget.unfold') : t('fibre.budget.fold')}
            onClick={() => setFolded((f) => !f)}
          >
            {folded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
        ) : null}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('fibre.budget.close')}
          onClick={fibreScreens.closeList}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
      {homes.isPending ? <Loader size="sm" aria-label={t('fibre.budget.loading')} /> : null}
      {homes.error ? <Alert color="red">{errorMessage(homes.error, t)}</Alert> : null}
      {/* A port's homes, or those a budget's filter picks out: not all, which hide the map. */}
      {data && (list.kind === 'port' || (ringed && ringed.length < data.length)) ? (
        <ServedOnMap
          homes={ringed ?? data}
          panel={panel}
          frame={list.kind === 'port' ? 'once' : 'each'}
        />
      ) : null}
      {data && !folded ? (
        <Stack gap="xs" mt="xs" className={classes.body}>
          <HomesTable
            homes={data}
            label={title}
            compact={compact}
            onRows={setRinged}
            onOpen={(home: HomeBudget) =>
              fibreScreens.trace({ query: { elementId: home.elementId }, title: home.name })
            }
          />
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * The homes listed (those the filter keeps), highlighted with the trace's overlay and framed: a
 * port's once, a budget's each time its filter picks others out. Those of another cluster are
 * not on this map, and the panel says how many.
 */
function ServedOnMap({
  homes,
  panel,
  frame,
}: {
  homes: HomeBudget[];
  panel: React.RefObject<HTMLDivElement | null>;
  frame: 'once' | 'each';
}) {
  const { t } = useTranslation();
  const { view, editor } = useMapSession();
  const elements = homes.flatMap((h) => editor.collection.byId(h.elementId) ?? []);
  const onMap = elements.length;
  const framed = useRef(false);
  useEffect(() => {
    view.setOverlay('trace', traceFeatures(elements));
    if (elements.length && (frame === 'each' || !framed.current)) {
      framed.current = true;
      frameBesidePanel(view, elements, panel.current);
    }
    // The homes' ids are what matter: a refetch with the same homes does not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, homes.map((h) => h.elementId).join(',')]);
  useEffect(() => () => view.setOverlay('trace', null), [view]);
  if (onMap === homes.length) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {t('fibre.served.elsewhere', { count: homes.length - onMap })}
    </Text>
  );
}
