import { ActionIcon, Badge, Button, Group, NumberInput, Text } from '@mantine/core';
import { IconGauge, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnclosurePlan } from '@integration/contracts';
import classes from './ConnectionList.module.css';

/**
 * The enclosure's splices and connectors: the plan a crew follows, one line each (plain rows,
 * a full closure holds hundreds). Editors delete one here, or enter the loss an OTDR measured
 * on it (it then counts in traces in place of the design loss); one row's form open at a time.
 */
export function ConnectionList({
  plan,
  canEdit,
  pending,
  onDelete,
  onMeasure,
}: {
  plan: EnclosurePlan;
  canEdit: boolean;
  pending: boolean;
  onDelete(id: number): void;
  onMeasure(id: number, lossDb: number | null): void;
}) {
  const { t } = useTranslation();
  const [measuring, setMeasuring] = useState<number | null>(null);
  const [value, setValue] = useState<number | string>('');
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
              color="gray"
              aria-label={t('fibre.measure', { from: c.from, to: c.to })}
              aria-expanded={measuring === c.id}
              onClick={() => {
                setMeasuring(measuring === c.id ? null : c.id);
                setValue(c.measuredLossDb ?? '');
              }}
            >
              <IconGauge size={16} />
            </ActionIcon>
          ) : null}
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
          {measuring === c.id ? (
            <form
              className={classes.measure}
              onSubmit={(e) => {
                e.preventDefault();
                if (value === '') return;
                onMeasure(c.id, Number(value));
                setMeasuring(null);
              }}
            >
              <Group gap="xs" align="flex-end">
                <NumberInput
                  label={t('fibre.measuredLoss')}
                  value={value}
                  onChange={setValue}
                  min={0}
                  max={50}
                  step={0.01}
                  decimalScale={3}
                  size="xs"
                  w={140}
                  data-autofocus
                />
                <Button type="submit" size="xs" disabled={value === ''}>
                  {t('fibre.saveMeasure')}
                </Button>
                {c.measuredLossDb !== null ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      onMeasure(c.id, null);
                      setMeasuring(null);
                    }}
                  >
                    {t('fibre.clearMeasure')}
                  </Button>
                ) : null}
              </Group>
            </form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
