import { Badge, Loader } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DesignProblems } from '@integration/contracts';

type Counts = DesignProblems['counts'];

/** The problems of the open cluster in words: "2 errors, 48 warnings". */
export function useCountsText() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (counts: Counts) =>
    [
      t('design.errors', { count: counts.error, formatted: number.format(counts.error) }),
      t('design.warnings', { count: counts.warning, formatted: number.format(counts.warning) }),
    ].join(', ');
}

/** What a badge shows: the errors in red, else the warnings in orange, else green (none). */
export function badgeOf(counts: Counts): { colour: 'red' | 'orange' | 'green'; value: number } {
  if (counts.error > 0) return { colour: 'red', value: counts.error };
  if (counts.warning > 0) return { colour: 'orange', value: counts.warning };
  return { colour: 'green', value: 0 };
}

/**
 * The badge beside Problems, as an editor's problems list has: the errors in red, else the
 * warnings in orange, else a green tick; a small spinner while the first check runs.
 */
export function ProblemsBadge({
  counts,
  loading = false,
  size = 'sm',
}: {
  counts: Counts | undefined;
  loading?: boolean;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { i18n } = useTranslation();
  if (!counts) return loading ? <Loader size={12} aria-hidden /> : null;
  const number = new Intl.NumberFormat(i18n.language);
  const { colour, value } = badgeOf(counts);
  return (
    <Badge
      size={size}
      variant="filled"
      color={colour}
      circle={value < 10}
      aria-hidden
      data-badge={colour}
      style={{ flexShrink: 0 }}
    >
      {value === 0 ? <IconCheck size={12} style={{ display: 'block' }} /> : number.format(value)}
    </Badge>
  );
}
