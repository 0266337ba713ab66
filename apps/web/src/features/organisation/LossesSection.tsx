import { Accordion, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_LOSSES, SPLITTER_RATIOS, WAVELENGTHS } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import {
  changedFromDefaults,
  lossDraft,
  lossField,
  lossValid,
  type LossDraft,
  type LossKey,
  type Typed,
} from './loss-fields.ts';

const SECTION = 'losses';

/**
 * ConfigureProject's fibre losses: the constants a trace and a loss budget add up, folded away
 * until the planner opens them. Closed, the line under the title says whether they are the
 * defaults, and says so in red when one needs fixing.
 */
export function LossesSection({
  draft,
  onChange,
}: {
  draft: LossDraft;
  onChange: (losses: LossDraft) => void;
}) {
  const { t, i18n } = useTranslation();
  const k = (key: string) => `organisation.project.losses.${key}`;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  // French planners type 0,35: the field reads and shows the decimal comma.
  const decimalSeparator = number.format(0.5).includes(',') ? ',' : '.';
  const changed = changedFromDefaults(draft);
  const invalid = Object.entries(draft).some(
    ([key, value]) => !lossValid(lossField(key as LossKey), value),
  );

  const field = (key: LossKey, label: string, hint?: string) => {
    const f = lossField(key);
    const value = draft[key];
    const fallback = t(k('default'), { value: `${number.format(f.of(DEFAULT_LOSSES))} ${f.unit}` });
    return (
      <NumberInput
        key={key}
        label={label}
        description={hint ? `${hint} ${fallback}.` : fallback}
        value={value}
        onChange={(next: Typed) => onChange({ ...draft, [key]: next })}
        min={f.min}
        max={f.max}
        decimalScale={2}
        decimalSeparator={decimalSeparator}
        allowNegative={false}
        clampBehavior="strict"
        hideControls
        rightSection={
          <Text size="xs" c="dimmed" aria-hidden>
            {f.unit}
          </Text>
        }
        rightSectionWidth={52}
        rightSectionPointerEvents="none"
        error={
          lossValid(f, value)
            ? undefined
            : t(k('outOfRange'), { min: number.format(f.min), max: number.format(f.max) })
        }
      />
    );
  };

  return (
    <Accordion variant="contained" chevronPosition="right">
      <Accordion.Item value={SECTION}>
        <Accordion.Control>
          <Text fw={500} size="sm">
            {t(k('title'))}
          </Text>
          <Text size="xs" c={invalid ? 'red' : 'dimmed'}>
            {invalid
              ? t(k('invalid'))
              : changed === 0
                ? t(k('defaults'))
                : t(k('changed'), { count: changed })}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t(k('intro'))}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {WAVELENGTHS.map((w) => field(`fibre.${w}`, t(k('fibre'), { wavelength: w })))}
              {field('splice', t(k('splice')))}
              {field('connector', t(k('connector')))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {SPLITTER_RATIOS.map((r) => field(`splitter.${r}`, t(k('splitter'), { ratio: r })))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field('budget', t(k('budget')), t(k('budgetHint')))}
              {/* Only once something differs: the line under the title already says "defaults". */}
              {changed > 0 ? (
                <Group justify="flex-end" align="flex-end">
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => onChange(lossDraft(DEFAULT_LOSSES))}
                  >
                    {t(k('restore'))}
                  </Button>
                </Group>
              ) : null}
            </SimpleGrid>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
