import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Report } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { formatDate } from '../../app/format.ts';
import { useCompact } from '../../app/useCompact.ts';
import { session } from '../../session/session.ts';

export interface ReportActions {
  open: (report: Report) => void;
  run: (report: Report) => void;
  edit: (report: Report) => void;
  duplicate: (report: Report) => void;
  remove: (report: Report) => void;
  share: (report: Report) => void;
}

/** The user's reports: name, metrics, last run and updated, with their actions. */
export function ReportList({
  reports,
  actions,
  onCreate,
}: {
  reports: Report[];
  actions: ReportActions;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const userId = session.user()?.id ?? 0;
  // Reports shared by colleagues are read-only here; an admin manages anyone's.
  const mine = (r: Report) => r.userId === userId || session.user()?.role === 'admin';
  if (reports.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm">
          <Text fw={600}>{t('reports.list.emptyTitle')}</Text>
          <Text c="dimmed" ta="center" maw={520}>
            {t('reports.list.emptyHint')}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('reports.list.emptyReadyMade')}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {t('reports.list.new')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  const button = (label: string, name: string, onClick: () => void, color?: string) => (
    <Button
      size="xs"
      variant="light"
      color={color}
      onClick={onClick}
      aria-label={`${label} ${name}`}
    >
      {label}
    </Button>
  );
  return (
    <DataTable
      label={t('reports.list.table')}
      rows={reports}
      rowKey={(r) => r.id}
      columns={[
        { header: t('reports.list.name'), primary: true, cell: (r) => r.name },
        {
          header: t('reports.list.sharing'),
          cell: (r) =>
            r.userId !== userId ? (
              <Badge variant="light" color="gray">
                {t('reports.list.sharedBy', { owner: r.owner })}
              </Badge>
            ) : r.sharedProjectName ? (
              <Badge variant="light">
                {t('reports.list.sharedWith', { project: r.sharedProjectName })}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {t('reports.list.private')}
              </Text>
            ),
        },
        { header: t('reports.list.metrics'), cell: (r) => r.metrics.length },
        {
          header: t('reports.list.lastRun'),
          cell: (r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {r.lastRunAt ? formatDate(r.lastRunAt) : t('reports.list.never')}
            </span>
          ),
        },
        {
          header: t('reports.list.updated'),
          cell: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.updatedAt)}</span>,
        },
        {
          header: t('reports.list.actions'),
          actions: true,
          cell: (r) => (
            <Group gap="xs" justify="flex-end" wrap={compact ? 'wrap' : 'nowrap'}>
              {button(t('reports.list.open'), r.name, () => actions.open(r))}
              {button(t('reports.list.run'), r.name, () => actions.run(r))}
              {mine(r) && button(t('reports.list.editShort'), r.name, () => actions.edit(r))}
              {button(t('reports.list.duplicate'), r.name, () => actions.duplicate(r))}
              {mine(r) && button(t('reports.list.share'), r.name, () => actions.share(r))}
              {mine(r) && button(t('common.delete'), r.name, () => actions.remove(r), 'red')}
            </Group>
          ),
        },
      ]}
    />
  );
}
