import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FibreStatus } from '@integration/contracts';

/** What is taken first, what is left last: the bar fills from the left as a gauge does. */
const ORDER: FibreStatus[] = ['used', 'reserved', 'faulty', 'free'];

const COLOURS: Record<FibreStatus, string> = {
  used: 'blue',
  reserved: 'yellow',
  free: 'gray.3',
  faulty: 'red',
};

/** How full a cable is: a bar and the counts, used / reserved / free / faulty. */
export function CableFill({ fill, total }: { fill: Record<FibreStatus, number>; total: number }) {
  const { t } = useTranslation();
  const all = Math.max(1, total);
  return (
    <div>
      <Progress.Root size="sm" aria-hidden>
        {ORDER.map((s) => (
          <Progress.Section key={s} value={(fill[s] / all) * 100} color={COLOURS[s]} />
        ))}
      </Progress.Root>
      <Group gap="sm" mt={4} role="list" aria-label={t('fibre.fill')}>
        {ORDER.map((s) => (
          <Text key={s} size="sm" role="listitem">
            {t(`fibre.fillCount.${s}`, { count: fill[s] })}
          </Text>
        ))}
      </Group>
    </div>
  );
}
