import { Button, Group, NumberInput, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnclosureCable } from '@integration/contracts';

export interface RangeSplice {
  fromCable: number;
  fromFibres: [number, number];
  toCable: number;
  toFibres: [number, number];
}

/**
 * A tube onto a tube (or any range onto a range of the same length) in one request: the
 * server joins them fibre for fibre, all or nothing, and says why when it refuses.
 */
export function RangeForm({
  folded = false,
  cables,
  pending,
  onSplice,
}: {
  /** On a phone the form waits behind its button: the plan comes first. */
  folded?: boolean;
  cables: EnclosureCable[];
  pending: boolean;
  onSplice(range: RangeSplice): void;
}) {
  const { t } = useTranslation();
  const ends = cables.filter((c) => c.end !== 'through');
  const options = ends.map((c) => ({ value: String(c.id), label: c.name }));
  const [from, setFrom] = useState<string | null>(options[0]?.value ?? null);
  const [to, setTo] = useState<string | null>(options[1]?.value ?? options[0]?.value ?? null);
  const tube = (id: string | null) => ends.find((c) => String(c.id) === id)?.fibresPerTube || 12;
  const [a, setA] = useState<number | string>(1);
  const [b, setB] = useState<number | string>(tube(from));
  const [c, setC] = useState<number | string>(1);
  const [d, setD] = useState<number | string>(tube(to));
  const [shown, setShown] = useState(!folded);
  if (ends.length === 0) return null;
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
  const n = (v: number | string) => Number(v) || 1;
  const submit = () => {
    if (!from || !to) return;
    onSplice({
      fromCable: Number(from),
      fromFibres: [n(a), n(b)],
      toCable: Number(to),
      toFibres: [n(c), n(d)],
    });
  };
  const number = (label: string, value: number | string, set: (v: number | string) => void) => (
    <NumberInput label={label} value={value} onChange={set} min={1} max={864} w={104} size="xs" />
  );
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
        {number(t('fibre.range.toFirst'), c, setC)}
        {number(t('fibre.range.toLast'), d, setD)}
        <Button type="submit" size="xs" loading={pending}>
          {t('fibre.range.splice')}
        </Button>
      </Group>
    </form>
  );
}
