import { Badge, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SPLITTER_RATIOS,
  type EnclosurePlan,
  type EnclosurePort,
  type SplitterRatio,
} from '@integration/contracts';
import classes from './FibreGrid.module.css';
import type { Pick } from './picks.ts';

/**
 * Splitters with their legs, ports with their sides, and trays: each leg and side a button to
 * choose for a connection, styled as used when joined. Editors add splitters, trays and ports.
 * An OLT port lists the homes it serves.
 */
export function EnclosureEquipment({
  plan,
  picked,
  canEdit,
  pending,
  onPick,
  onAddSplitter,
  onAddTray,
  onAddPorts,
  onHomesServed,
}: {
  plan: EnclosurePlan;
  picked: ReadonlySet<string>;
  canEdit: boolean;
  pending: boolean;
  onPick(pick: Pick): void;
  onAddSplitter(ratio: SplitterRatio): void;
  onAddTray(capacity: number): void;
  onAddPorts(kind: 'patch' | 'olt', count: number): void;
  /** The homes an OLT port serves, listed over the map. */
  onHomesServed?(port: EnclosurePort, name: string): void;
}) {
  const { t } = useTranslation();
  const [ratio, setRatio] = useState<SplitterRatio>('1:8');
  const [capacity, setCapacity] = useState<number | string>(12);
  const [portKind, setPortKind] = useState<'patch' | 'olt'>('patch');
  const [count, setCount] = useState<number | string>(8);

  const terminal = (pick: Pick, text: string) => (
    <button
      key={pick.key}
      type="button"
      className={`${classes.fibre} ${pick.joinedTo ? classes.used : ''} ${picked.has(pick.key) ? classes.picked : ''}`}
      style={{ width: 'auto', minWidth: 30 }}
      aria-label={pick.joinedTo ? `${pick.label} — ${pick.joinedTo}` : pick.label}
      aria-pressed={picked.has(pick.key)}
      title={pick.joinedTo ?? pick.label}
      onClick={() => onPick(pick)}
    >
      {text}
    </button>
  );

  return (
    <Stack gap="md">
      <section aria-label={t('fibre.splitters')}>
        <Text fw={600} mb={4}>
          {t('fibre.splitters')}
        </Text>
        {plan.splitters.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fibre.none')}
          </Text>
        ) : null}
        {plan.splitters.map((s) => (
          <Stack key={s.id} gap={4} mb="xs">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {s.name}
              </Text>
              <Badge variant="light">{s.ratio}</Badge>
              <Text size="sm" c="dimmed">
                {t('fibre.db', { value: s.lossDb })}
              </Text>
            </Group>
            <Group gap={3}>
              {s.legs.map((l) => {
                const label =
                  l.leg === 0
                    ? t('fibre.splitterInput', { name: s.name })
                    : t('fibre.splitterOutput', { name: s.name, leg: l.leg });
                return terminal(
                  {
                    key: `s${s.id}:${l.leg}`,
                    ref: { splitterId: s.id, leg: l.leg },
                    label,
                    joinedTo: l.joinedTo,
                  },
                  l.leg === 0 ? t('fibre.in') : String(l.leg),
                );
              })}
            </Group>
          </Stack>
        ))}
        {canEdit ? (
          <Group gap="xs" align="flex-end">
            <Select
              label={t('fibre.ratio')}
              data={[...SPLITTER_RATIOS]}
              value={ratio}
              onChange={(v) => v && setRatio(v as SplitterRatio)}
              allowDeselect={false}
              size="xs"
              w={100}
            />
            <Button
              size="xs"
              variant="light"
              loading={pending}
              onClick={() => onAddSplitter(ratio)}
            >
              {t('fibre.addSplitter')}
            </Button>
          </Group>
        ) : null}
      </section>

      <section aria-label={t('fibre.ports')}>
        <Text fw={600} mb={4}>
          {t('fibre.ports')}
        </Text>
        {plan.ports.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fibre.none')}
          </Text>
        ) : null}
        <Stack gap={4}>
          {plan.ports.map((p) => {
            const name = `${p.panel}-${p.number}`;
            const side = (which: 'back' | 'front') =>
              terminal(
                {
                  key: `p${p.id}:${which}`,
                  ref: p.kind === 'olt' ? { portId: p.id } : { portId: p.id, side: which },
                  label: t(`fibre.portSide.${p.kind === 'olt' ? 'olt' : which}`, { name }),
                  joinedTo: p[which].joinedTo,
                },
                t(`fibre.portSideShort.${p.kind === 'olt' ? 'olt' : which}`),
              );
            return (
              <Group key={p.id} gap="xs" wrap="nowrap">
                <Text size="sm" miw={70} fw={600} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {name}
                </Text>
                {side('back')}
                {p.kind === 'patch' ? side('front') : null}
                {p.kind === 'olt' && onHomesServed ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconHome size={12} />}
                    aria-label={t('fibre.served.action', { name })}
                    title={t('fibre.served.action', { name })}
                    style={{ flexShrink: 0 }}
                    onClick={() => onHomesServed(p, name)}
                  >
                    {t('fibre.served.short')}
                  </Button>
                ) : null}
                <Text size="xs" c="dimmed" truncate>
                  {[p.back.joinedTo, p.front.joinedTo].filter(Boolean).join(' · ')}
                </Text>
              </Group>
            );
          })}
        </Stack>
        {canEdit ? (
          <Group gap="xs" align="flex-end" mt="xs">
            <Select
              label={t('fibre.portKind')}
              data={[
                { value: 'patch', label: t('fibre.portKinds.patch') },
                { value: 'olt', label: t('fibre.portKinds.olt') },
              ]}
              value={portKind}
              onChange={(v) => v && setPortKind(v as 'patch' | 'olt')}
              allowDeselect={false}
              size="xs"
              w={140}
            />
            <NumberInput
              label={t('fibre.portCount')}
              value={count}
              onChange={setCount}
              min={1}
              max={144}
              size="xs"
              w={80}
            />
            <Button
              size="xs"
              variant="light"
              loading={pending}
              onClick={() => onAddPorts(portKind, Number(count) || 1)}
            >
              {t('fibre.addPorts')}
            </Button>
          </Group>
        ) : null}
      </section>

      <section aria-label={t('fibre.trays')}>
        <Text fw={600} mb={4}>
          {t('fibre.trays')}
        </Text>
        <Group gap="xs">
          {plan.trays.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('fibre.none')}
            </Text>
          ) : null}
          {plan.trays.map((tray) => (
            <Badge key={tray.id} variant="outline" tt="none">
              {t('fibre.tray', { number: tray.number, used: tray.used, capacity: tray.capacity })}
            </Badge>
          ))}
        </Group>
        {canEdit ? (
          <Group gap="xs" align="flex-end" mt="xs">
            <NumberInput
              label={t('fibre.trayCapacity')}
              value={capacity}
              onChange={setCapacity}
              min={1}
              max={144}
              size="xs"
              w={100}
            />
            <Button
              size="xs"
              variant="light"
              loading={pending}
              onClick={() => onAddTray(Number(capacity) || 12)}
            >
              {t('fibre.addTray')}
            </Button>
          </Group>
        ) : null}
      </section>
    </Stack>
  );
}
