import { Alert, Button, Group, List, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportReportData } from './import-plan.ts';

/** What an import did: per layer, imported and skipped, and why. */
export function ImportReport({
  report,
  onClose,
}: {
  report: ImportReportData;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const imported = report.outcomes.reduce((n, o) => n + o.imported, 0);
  const skipped = report.outcomes.flatMap((o) => o.skipped);
  return (
    <Stack>
      <Alert
        color={skipped.length || report.notes.length ? 'yellow' : 'green'}
        title={t('fileFormat.import.reportTitle')}
      >
        {t('fileFormat.import.reportSummary', { imported, skipped: skipped.length })}
        {report.cancelled ? ` ${t('fileFormat.import.reportCancelled')}` : ''}
      </Alert>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fileFormat.import.layer')}</Table.Th>
            <Table.Th>{t('fileFormat.import.type')}</Table.Th>
            <Table.Th>{t('fileFormat.import.imported')}</Table.Th>
            <Table.Th>{t('fileFormat.import.skipped')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.outcomes.map((o) => (
            <Table.Tr key={o.layer}>
              <Table.Td>{o.layer}</Table.Td>
              <Table.Td>{o.type.displayName}</Table.Td>
              <Table.Td>{o.imported}</Table.Td>
              <Table.Td>{o.skipped.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(skipped.length > 0 || report.notes.length > 0) && (
        <List size="sm" aria-label={t('fileFormat.import.reasons')}>
          {report.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
          {skipped.slice(0, 50).map((s) => (
            <List.Item key={`${s.layer}-${s.feature}-${s.reason}`}>
              {t('fileFormat.import.skippedItem', {
                layer: s.layer,
                feature: s.feature + 1,
                reason: s.reason,
              })}
            </List.Item>
          ))}
          {skipped.length > 50 && (
            <List.Item>{t('fileFormat.import.more', { count: skipped.length - 50 })}</List.Item>
          )}
        </List>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('fileFormat.close')}</Button>
      </Group>
    </Stack>
  );
}
