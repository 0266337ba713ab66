import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ExchangeImportAnswer } from '@integration/contracts';
import { ROUTES } from '../../app/route-table.ts';
import { useCompact } from '../../app/useCompact.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import classes from './ExchangeReport.module.css';

/**
 * What the import of a delivery did (issue 29): the standard recognised from the files' content,
 * where it went (the cluster for GraceTHD, a new project for OFDS), per table or array what was
 * read, mapped and skipped and why, and a way to the imported network on the map.
 */
export function ExchangeReport({
  answer,
  clusterId,
  onClose,
}: {
  answer: ExchangeImportAnswer;
  /** The cluster open on the map: a GraceTHD delivery imported there is already shown. */
  clusterId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompact();
  const open = useWorkspace((s) => s.open);
  const chooseProject = useWorkspace((s) => s.chooseProject);
  const count = new Intl.NumberFormat(i18n.language);
  const { standard, target, report, warnings } = answer;
  const skipped = report.reduce((n, line) => n + line.skipped, 0);
  // Tables the delivery has but left empty say nothing row by row: they are named once.
  const empty = report.filter((line) => line.read === 0 && line.notes.length === 0);
  const lines = report.filter((line) => !empty.includes(line));
  const here = standard === 'gracethd' && target.clusterIds.includes(clusterId);

  const openTarget = () => {
    onClose();
    if (here) return;
    const cluster = target.clusterIds[0];
    if (cluster !== undefined) {
      open(target.projectId, cluster);
      navigate(ROUTES.map.path);
    } else {
      chooseProject(target.projectId);
      navigate(ROUTES.project.path);
    }
  };

  return (
    <Stack>
      <Alert
        color={skipped || warnings.length ? 'yellow' : 'green'}
        title={t(`fileFormat.exchange.import.recognised.${standard}`)}
      >
        {t(`fileFormat.exchange.import.target.${standard}`, { name: target.name })}
      </Alert>
      <Table withTableBorder captionSide="top" className={classes.table}>
        <Table.Caption>{t(`fileFormat.exchange.import.caption.${standard}`)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fileFormat.exchange.import.source')}</Table.Th>
            <Table.Th className={classes.number}>{t('fileFormat.exchange.import.read')}</Table.Th>
            <Table.Th className={classes.number}>{t('fileFormat.exchange.import.mapped')}</Table.Th>
            <Table.Th className={classes.number}>
              {t('fileFormat.exchange.import.skipped')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {lines.map((line) => (
          // One body per line: its figures, then why rows were skipped or changed, full width.
          <Table.Tbody key={line.source} className={classes.line}>
            <Table.Tr>
              <Table.Td className={classes.source}>{line.source}</Table.Td>
              <Table.Td className={classes.number}>{count.format(line.read)}</Table.Td>
              <Table.Td className={classes.number}>{count.format(line.mapped)}</Table.Td>
              <Table.Td className={classes.number} data-skipped={line.skipped > 0 || undefined}>
                {count.format(line.skipped)}
              </Table.Td>
            </Table.Tr>
            {line.notes.length > 0 ? (
              <Table.Tr className={classes.notesRow}>
                <Table.Td colSpan={4}>
                  <ul
                    className={classes.notes}
                    aria-label={t('fileFormat.exchange.import.notesOf', { source: line.source })}
                  >
                    {line.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        ))}
      </Table>
      {empty.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('fileFormat.exchange.import.empty', {
            sources: empty.map((line) => line.source).join(', '),
          })}
        </Text>
      ) : null}
      {warnings.length > 0 ? (
        <Alert color="yellow" title={t('fileFormat.import.warnings')}>
          <List size="sm">
            {warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs" grow={compact}>
        {/* A phone's full-screen dialog closes from its header: the way to the map takes the row. */}
        {compact ? null : (
          <Button variant="default" onClick={onClose}>
            {t('fileFormat.close')}
          </Button>
        )}
        <Button leftSection={<IconMap2 size={16} aria-hidden />} onClick={openTarget}>
          {t(
            standard === 'ofds'
              ? 'fileFormat.exchange.import.openProject'
              : here
                ? 'fileFormat.exchange.import.showCluster'
                : 'fileFormat.exchange.import.openCluster',
          )}
        </Button>
      </Group>
    </Stack>
  );
}
