import { ActionIcon, Badge, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EnclosurePlan } from '@integration/contracts';
import classes from './ConnectionList.module.css';

/**
 * The enclosure's splices and connectors: the plan a crew follows, one line each (plain rows,
 * a full closure holds hundreds). Editors delete one here.
 */
export function ConnectionList({
  plan,
  canEdit,
  pending,
  onDelete,
}: {
  plan: EnclosurePlan;
  canEdit: boolean;
  pending: boolean;
  onDelete(id: number): void;
}) {
  const { t } = useTranslation();
  if (!plan.connections.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('fibre.noConnections')}
      </Text>
    );
  }
  const tray = new Map(plan.trays.map((x) => [x.id, x.number]));
  return (
    <ol className={classes.list} aria-label={t('fibre.connections')}>
      {plan.connections.map((c) => (
        <li key={c.id} className={classes.row}>
          <Badge
            size="sm"
            variant="light"
            color={c.kind === 'splice' ? 'blue' : 'grape'}
            className={classes.kind}
          >
            {t(`fibre.kind.${c.kind}`)}
          </Badge>
          <span className={classes.ends}>
            <span>{c.from}</span>
            <span> ↔ </span>
            <span>{c.to}</span>
          </span>
          <span className={classes.meta}>
            {c.trayId !== null ? t('fibre.trayShort', { number: tray.get(c.trayId) ?? '' }) : ''}{' '}
            {c.measuredLossDb !== null
              ? t('fibre.measuredDb', { value: c.measuredLossDb })
              : t('fibre.db', { value: c.lossDb })}
          </span>
          {canEdit ? (
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={pending}
              aria-label={t('fibre.deleteConnection', { from: c.from, to: c.to })}
              onClick={() => onDelete(c.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
