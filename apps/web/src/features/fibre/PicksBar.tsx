import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRoute, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionKind } from '@integration/contracts';
import classes from './FibreGrid.module.css';
import { defaultKind, type Pick } from './picks.ts';

/**
 * What is chosen, and what it is joined to: the splice editor's reading line (a crew taps a
 * fibre to see where it goes) and, for an editor with two chosen, the Connect action. It
 * sticks to the bottom of the plan, in view wherever the chosen fibre was.
 */
export function PicksBar({
  picks,
  canEdit,
  pending,
  onDrop,
  onConnect,
  onTrace,
}: {
  picks: Pick[];
  canEdit: boolean;
  pending: boolean;
  onDrop(pick: Pick): void;
  onConnect(kind: ConnectionKind): void;
  onTrace(pick: Pick): void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ConnectionKind | null>(null);
  if (!picks.length) return null;
  const chosenKind = kind ?? defaultKind(picks);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      role="region"
      aria-label={t('fibre.chosen')}
      className={classes.chosenBar}
    >
      <Stack gap={6}>
        {picks.map((p) => (
          <Group key={p.key} gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {p.label}
              </Text>
              <Text size="sm" c="dimmed">
                {p.joinedTo ? t('fibre.joinedTo', { to: p.joinedTo }) : t('fibre.notJoined')}
              </Text>
            </div>
            {p.fibreId !== undefined ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRoute size={14} />}
                onClick={() => onTrace(p)}
              >
                {t('fibre.trace')}
              </Button>
            ) : null}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('fibre.unpick', { name: p.label })}
              onClick={() => onDrop(p)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        {canEdit && picks.length === 2 ? (
          <Group gap="xs" justify="flex-end">
            <SegmentedControl
              size="xs"
              aria-label={t('fibre.kind.label')}
              value={chosenKind}
              onChange={(v) => setKind(v as ConnectionKind)}
              data={[
                { value: 'splice', label: t('fibre.kind.splice') },
                { value: 'connector', label: t('fibre.kind.connector') },
              ]}
            />
            <Button size="xs" loading={pending} onClick={() => onConnect(chosenKind)}>
              {t('fibre.connect')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
