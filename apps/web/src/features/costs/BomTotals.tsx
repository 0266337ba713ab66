import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BomTotals as Totals } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import type { BomFormat } from './bom-format.ts';

/** One figure: its name, then the amount large, then what it is made of. */
function Figure({
  label,
  value,
  details,
}: {
  label: string;
  value: string;
  details: { label: string; value: string }[];
}) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.2} data-figure style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
        {details.map((d) => (
          <Group
            key={d.label}
            justify="space-between"
            gap="xs"
            wrap="nowrap"
            role="group"
            aria-label={d.label}
          >
            <Text size="sm" c="dimmed">
              {d.label}
            </Text>
            <Text size="sm" fw={500} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {d.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The totals as a planner reads them: what it costs (and how much of that is built, how much
 * is left to spend), then per home passed and per home connected beside their homes.
 */
export function BomTotals({ totals, format }: { totals: Totals; format: BomFormat }) {
  const { t } = useTranslation();
  const perHome = (n: number | null) => format.moneyOr(n, t('costs.totals.noHome'));
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="sm"
      role="region"
      aria-label={t('costs.totals.label')}
    >
      <Figure
        label={t('costs.totals.cost')}
        value={format.money(totals.cost)}
        details={[
          { label: t('costs.totals.builtCost'), value: format.money(totals.builtCost) },
          { label: t('costs.totals.leftCost'), value: format.money(totals.leftCost) },
        ]}
      />
      <Figure
        label={t('costs.totals.costPerHomePassed')}
        value={perHome(totals.costPerHomePassed)}
        details={[
          { label: t('costs.totals.homesPassed'), value: format.count(totals.homesPassed) },
        ]}
      />
      <Figure
        label={t('costs.totals.costPerHomeConnected')}
        value={perHome(totals.costPerHomeConnected)}
        details={[
          { label: t('costs.totals.homesConnected'), value: format.count(totals.homesConnected) },
        ]}
      />
    </SimpleGrid>
  );
}
