import { Button, Group, NumberInput, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnclosureCable } from '@integration/contracts';
import type { SideNames } from './cable-sides.ts';
import type { FibreSide } from './picks.ts';

export interface RangeSplice {
  fromCable: number;
  fromFibres: [number, number];
  toCable: number;
  toFibres: [number, number];
  /** For a cable passing through uncut: the side of the cut (towards its start or its end). */
  fromSide?: FibreSide;
  toSide?: FibreSide;
}

/**
 * A tube onto a tube (or any range onto a range of the same length) in one request: the
 * server joins them fibre for fibre, all or nothing, and says why when it refuses. A cable
 * passing through uncut is cut there: the form asks which side of the cut.
 */
export function RangeForm({
  folded = false,
  cables,
  sideNames,
  pending,
  onSplice,
}: {
  /** On a phone the form waits behind its button: the plan comes first. */
  folded?: boolean;
  cables: EnclosureCable[];
  /** The sides of passing cables in words ("Towards NBO-FDT-1"). */
  sideNames?: Map<number, SideNames>;
  pending: boolean;
  onSplice(range: RangeSplice): void;
}) {
  const { t } = useTranslation();
  const options = cables.map((c) => ({ value: String(c.id), label: c.name }));
  const [from, setFrom] = useState<string | null>(options[0]?.value ?? null);
  const [to, setTo] = useState<string | null>(options[1]?.value ?? options[0]?.value ?? null);
  const cable = (id: string | null) => cables.find((c) => String(c.id) === id);
  const tube = (id: string | null) => cable(id)?.fibresPerTube || 12;
  const [a, setA] = useState<number | string>(1);
  const [b, setB] = useState<number | string>(tube(from));
  const [c, setC] = useState<number | string>(1);
  const [d, setD] = useState<number | string>(tube(to));
  const [fromSide, setFromSide] = useState<FibreSide>('a');
  const [toSide, setToSide] = useState<FibreSide>('b');
  const [shown, setShown] = useState(!folded);
  if (cables.length === 0) return null;
  if (!shown) {
    return (
      <Button
        variant="light"
        size="xs"
        onClick={() => setShown(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('fibre.range.open')}
      </Button>
    );
  }
  const passing = (id: string | null) => cable(id)?.end === 'through';
  const n = (v: number | string) => Number(v) || 1;
  const submit = () => {
    if (!from || !to) return;
    onSplice({
      fromCable: Number(from),
      fromFibres: [n(a), n(b)],
      ...(passing(from) ? { fromSide } : {}),
      toCable: Number(to),
      toFibres: [n(c), n(d)],
      ...(passing(to) ? { toSide } : {}),
    });
  };
  const number = (label: string, value: number | string, set: (v: number | string) => void) => (
    <NumberInput label={label} value={value} onChange={set} min={1} max={864} w={104} size="xs" />
  );
  const side = (
    label: string,
    id: string | null,
    value: FibreSide,
    set: (s: FibreSide) => void,
  ) => {
    const names = sideNames?.get(Number(id));
    return passing(id) ? (
      <Select
        label={label}
        data={[
          { value: 'a', label: names?.a ?? t('fibre.towardsStart') },
          { value: 'b', label: names?.b ?? t('fibre.towardsEnd') },
        ]}
        value={value}
        onChange={(v) => set(v === 'b' ? 'b' : 'a')}
        size="xs"
        w={240}
        allowDeselect={false}
      />
    ) : null;
  };
  return (
    <form
      aria-label={t('fibre.range.title')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Text size="sm" fw={600} mb={4}>
        {t('fibre.range.title')}
      </Text>
      <Group gap="xs" align="flex-end">
        <Select
          label={t('fibre.range.fromCable')}
          data={options}
          value={from}
          onChange={setFrom}
          size="xs"
          w={200}
          allowDeselect={false}
        />
        {side(t('fibre.range.fromSide'), from, fromSide, setFromSide)}
        {number(t('fibre.range.fromFirst'), a, setA)}
        {number(t('fibre.range.fromLast'), b, setB)}
        <Select
          label={t('fibre.range.toCable')}
          data={options}
          value={to}
          onChange={setTo}
          size="xs"
          w={200}
          allowDeselect={false}
        />
        {side(t('fibre.range.toSide'), to, toSide, setToSide)}
        {number(t('fibre.range.toFirst'), c, setC)}
        {number(t('fibre.range.toLast'), d, setD)}
        <Button type="submit" size="xs" loading={pending}>
          {t('fibre.range.splice')}
        </Button>
      </Group>
    </form>
  );
}
