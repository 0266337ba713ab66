import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronRight,
  IconPencil,
  IconPlus,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { OrganisationLevel } from '@integration/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import classes from './LevelColumn.module.css';

/** A row of a column: its name and a line about it ("3 projects", "Completed · Zoom 14 · KES"). */
export interface LevelRow {
  id: number;
  name: string;
  detail: string;
}

/**
 * One level of the organisation as a column: its rows, the chosen one marked, and the level's
 * actions (New, rename or configure, delete). A column whose parent is not chosen says so.
 */
export function LevelColumn({
  level,
  rows,
  error,
  parentName,
  selectedId,
  onSelect,
  onNew,
  onEdit,
  onDelete,
}: {
  level: OrganisationLevel;
  /** Undefined while loading. */
  rows: LevelRow[] | undefined;
  error?: unknown;
  /** The chosen row above (null when none is chosen yet); the top level has no parent. */
  parentName: string | null;
  selectedId: number | null;
  /** Absent for projects: nothing opens under them here. */
  onSelect?: (id: number) => void;
  onNew: () => void;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const key = (k: string) => `organisation.level.${level}.${k}`;
  const top = level === 'subsidiary';
  const waiting = !top && parentName === null;
  const EditIcon = level === 'project' ? IconSettings : IconPencil;

  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-labelledby={headingId}
      className={classes.column}
    >
      <Group justify="space-between" wrap="nowrap" px="sm" py={10} className={classes.head}>
        <Title order={2} size="h5" id={headingId}>
          {t(key('title'))}
        </Title>
        {rows && !waiting ? (
          <Badge variant="light" color="gray" aria-hidden>
            {rows.length}
          </Badge>
        ) : null}
      </Group>
      {waiting ? (
        <Text c="dimmed" size="sm" p="sm">
          {t(key('choose'))}
        </Text>
      ) : error ? (
        <Alert color="red" m="sm" role="alert">
          {errorMessage(error, t)}
        </Alert>
      ) : !rows ? (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" p="sm">
          {t(key('empty'), { parent: parentName ?? '' })}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="calc(100dvh - 300px)" type="auto" scrollbars="y">
          <Stack component="ul" aria-label={t(key('title'))} gap={2} p={4} m={0}>
            {rows.map((row) => {
              const selected = row.id === selectedId;
              const detailId = `${headingId}-${row.id}`;
              const main = (
                <>
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={500} truncate="end">
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed" id={detailId} truncate="end">
                      {row.detail}
                    </Text>
                  </Stack>
                  {onSelect && (
                    <IconChevronRight size={16} aria-hidden className={classes.chevron} />
                  )}
                </>
              );
              return (
                <li key={row.id} className={classes.row} data-selected={selected || undefined}>
                  {onSelect ? (
                    <UnstyledButton
                      className={classes.select}
                      onClick={() => onSelect(row.id)}
                      aria-label={row.name}
                      aria-describedby={detailId}
                      aria-current={selected ? 'true' : undefined}
                    >
                      {main}
                    </UnstyledButton>
                  ) : (
                    <div className={classes.select}>{main}</div>
                  )}
                  <Group gap={2} wrap="nowrap" className={classes.actions}>
                    <Tooltip label={t(key('rename'), { name: row.name })} openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onEdit(row.id)}
                        aria-label={t(key('rename'), { name: row.name })}
                      >
                        <EditIcon size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t(key('delete'), { name: row.name })} openDelay={400}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(row.id)}
                        aria-label={t(key('delete'), { name: row.name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </li>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <div className={classes.foot}>
        <Button
          variant="subtle"
          fullWidth
          justify="flex-start"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onNew}
          disabled={waiting}
        >
          {t(key('new'))}
        </Button>
      </div>
    </Paper>
  );
}
