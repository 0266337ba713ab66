import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trace } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { useCompact } from '../../app/useCompact.ts';
import { useMapSession } from '../map/ui/editor-context.ts';
import { FibreSwatch } from './FibreSwatch.tsx';
import { fibreApi, fibreKeys } from './fibre.api.ts';
import { fibreScreens, useFibreScreens, type OpenTrace } from './fibre-screens.store.ts';
import { marginColour } from './home-budget.ts';
import { saveText, traceCsv } from './trace-csv.ts';
import { frameBesidePanel } from '../map/ui/frame-beside-panel.ts';
import { traceFeatures } from './trace-overlay.ts';
import classes from './TracePanel.module.css';

/**
 * A trace over the map (issue 26): its path highlighted and framed, the hops as a table with
 * cumulative metres and dB at 1310 and 1550 nm, the end reached and the margin, and a CSV or an
 * XLSX. A side panel on a wide screen; on a phone a sheet under the map that folds to its
 * summary. Opened from a list of homes, it leads back to it.
 */
export function TracePanel({ open }: { open: OpenTrace }) {
  const { t, i18n } = useTranslation();
  const compact = useCompact();
  const { view, editor } = useMapSession();
  const panel = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const list = useFibreScreens((s) => s.list);
  const trace = useQuery({
    queryKey: fibreKeys.trace(open.query),
    queryFn: () => fibreApi.trace(open.query),
  });
  const data = trace.data;

  // The path on the map; framed once per trace (a live refresh does not move the map).
  const framed = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const elements = data.elementIds.flatMap((id) => editor.collection.byId(id) ?? []);
    view.setOverlay('trace', traceFeatures(elements));
    const key = JSON.stringify(open.query);
    if (framed.current !== key) {
      framed.current = key;
      frameBesidePanel(view, elements, panel.current);
    }
  }, [data, editor, view, open.query]);
  useEffect(() => () => view.setOverlay('trace', null), [view]);

  const number = (digits: number) =>
    new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const m = number(1);
  const db = number(2);
  const exportCsv = (d: Trace) => {
    const headings = [
      '#',
      'kind',
      'element',
      'fibre',
      'colour',
      'lengthM',
      'cumulativeM',
      '1310',
      '1550',
      'cum1310',
      'cum1550',
    ].map((h) => t(`fibre.csv.${h === '#' ? 'hop' : h}`));
    const csv = traceCsv(d, headings, {
      label: t('fibre.csv.total'),
      margin: t('fibre.csv.margin'),
    });
    saveText(
      csv,
      `${t('fibre.csv.filename', { name: open.title }).replace(/[^\p{L}\p{N}._ -]+/gu, '_')}.csv`,
    );
  };

  const exportXlsx = async () => {
    setDownloading(true);
    try {
      await fibreApi.traceXlsx(open.query);
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
      aria-label={t('fibre.tracePanel')}
      data-trace-panel
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {list ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('fibre.backToList', {
              name:
                list.kind === 'budget'
                  ? t('fibre.budget.title', { name: list.name })
                  : t('fibre.served.title', { name: list.name }),
            })}
            onClick={fibreScreens.closeTrace}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {t('fibre.traceOf', { name: open.title })}
          </Text>
          {data ? <Summary trace={data} m={m} db={db} /> : null}
        </div>
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={folded ? t('fibre.unfold') : t('fibre.fold')}
            onClick={() => setFolded((f) => !f)}
          >
            {folded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
        ) : null}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('fibre.closeTrace')}
          // Closing is being done with it: the list it came from goes too (Back returns to it).
          onClick={fibreScreens.closePanels}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
      {trace.isPending ? <Loader size="sm" aria-label={t('fibre.loading')} /> : null}
      {trace.error ? <Alert color="red">{errorMessage(trace.error, t)}</Alert> : null}
      {data && !folded ? (
        <Stack gap="xs" mt="xs" className={classes.body}>
          <Table.ScrollContainer minWidth={compact ? 360 : 480}>
            <Table
              striped
              withTableBorder
              fz="sm"
              verticalSpacing={4}
              horizontalSpacing={6}
              aria-label={t('fibre.hops')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fibre.col.element')}</Table.Th>
                  <Table.Th>{t('fibre.col.fibre')}</Table.Th>
                  <Table.Th className={classes.num}>{t('fibre.col.metres')}</Table.Th>
                  <Table.Th className={classes.num}>{t('fibre.col.db1310')}</Table.Th>
                  <Table.Th className={classes.num}>{t('fibre.col.db1550')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.hops.map((h, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Text size="sm" lh={1.2}>
                        {h.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`fibre.hop.${h.kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {h.fibreNumber !== undefined ? (
                        <Group gap={4} wrap="nowrap">
                          {h.colour ? <FibreSwatch colour={h.colour} /> : null}
                          <span>{h.fibreNumber}</span>
                        </Group>
                      ) : null}
                    </Table.Td>
                    <Table.Td className={classes.num}>{m.format(h.cumulativeLengthM)}</Table.Td>
                    <Table.Td className={classes.num}>
                      {db.format(h.cumulativeLossDb['1310'])}
                    </Table.Td>
                    <Table.Td className={classes.num}>
                      {db.format(h.cumulativeLossDb['1550'])}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => exportCsv(data)}
            >
              {t('fibre.exportCsv')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={downloading}
              onClick={() => void exportXlsx()}
            >
              {t('fibre.exportXlsx')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

type Format = Intl.NumberFormat;

/** The end reached, the totals and the margin: what a planner checks first. */
function Summary({ trace, m, db }: { trace: Trace; m: Format; db: Format }) {
  const { t } = useTranslation();
  const colour = marginColour(trace.marginDb);
  return (
    <Group gap={6} mt={2} aria-live="polite">
      <Badge variant="light" color={trace.end === 'olt-port' ? 'teal' : 'gray'} tt="none">
        {t(`fibre.traceEnd.${trace.end}`)}
      </Badge>
      <Text size="sm">
        {t('fibre.totals', {
          metres: m.format(trace.totalLengthM),
          db1310: db.format(trace.totalLossDb['1310']),
          db1550: db.format(trace.totalLossDb['1550']),
        })}
      </Text>
      <Badge variant="filled" color={colour} tt="none">
        {t('fibre.margin', { value: db.format(trace.marginDb) })}
      </Badge>
    </Group>
  );
}
