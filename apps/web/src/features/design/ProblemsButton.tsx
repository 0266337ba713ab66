import { ActionIcon, Button, Indicator, Menu } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRoomy } from '../../app/useCompact.ts';
import { designPanel, useDesignPanel } from './design-panel.store.ts';
import { badgeOf, ProblemsBadge, useCountsText } from './ProblemsBadge.tsx';
import { useProblems } from './useProblems.ts';

/** The accessible name of the entry: "Problems: 0 errors, 48 warnings" once checked. */
function useEntryLabel(clusterId: number) {
  const { t } = useTranslation();
  const problems = useProblems(clusterId);
  const text = useCountsText();
  const counts = problems.data?.counts;
  return {
    problems,
    label: counts ? t('design.actionWith', { counts: text(counts) }) : t('design.action'),
  };
}

/** On a wide screen: Problems beside the cluster's other lists, its badge the counts. */
export function ProblemsButton({ clusterId }: { clusterId: number }) {
  const { t } = useTranslation();
  const open = useDesignPanel((s) => s.open);
  const { problems, label } = useEntryLabel(clusterId);
  const roomy = useRoomy();
  if (!roomy) return <ProblemsIcon clusterId={clusterId} size={36} onClick={designPanel.toggle} />;
  return (
    <Button
      size="sm"
      variant={open ? 'light' : 'default'}
      leftSection={<IconListCheck size={16} />}
      rightSection={<ProblemsBadge counts={problems.data?.counts} loading={problems.isPending} />}
      aria-label={label}
      aria-pressed={open}
      title={label}
      onClick={designPanel.toggle}
    >
      {t('design.action')}
    </Button>
  );
}

/** On a phone: the same entry in the map's More menu. */
export function ProblemsMenuItem({ clusterId }: { clusterId: number }) {
  const { t } = useTranslation();
  const { problems, label } = useEntryLabel(clusterId);
  return (
    <>
      <Menu.Label>{t('design.checks')}</Menu.Label>
      <Menu.Item
        leftSection={<IconListCheck size={18} />}
        rightSection={<ProblemsBadge counts={problems.data?.counts} loading={problems.isPending} />}
        aria-label={label}
        onClick={designPanel.open}
      >
        {t('design.action')}
      </Menu.Item>
    </>
  );
}

/**
 * On a phone, under the map's zoom buttons: the entry with its count on its corner, one tap
 * from the panel, so the counts show without opening More. Nothing until the first check ran.
 */
export function ProblemsChip({ clusterId }: { clusterId: number }) {
  const { problems } = useEntryLabel(clusterId);
  if (!problems.data) return null;
  return <ProblemsIcon clusterId={clusterId} size={40} onClick={designPanel.open} />;
}

/** The entry as an icon, its count on its corner once checked (phones, narrower screens). */
function ProblemsIcon({
  clusterId,
  size,
  onClick,
}: {
  clusterId: number;
  size: number;
  onClick(): void;
}) {
  const { i18n } = useTranslation();
  const { problems, label } = useEntryLabel(clusterId);
  const badge = problems.data ? badgeOf(problems.data.counts) : null;
  return (
    <Indicator
      color={badge?.colour}
      size={18}
      offset={4}
      disabled={!badge}
      label={badge?.value ? new Intl.NumberFormat(i18n.language).format(badge.value) : undefined}
      data-badge={badge?.colour}
    >
      <ActionIcon
        size={size}
        variant="default"
        radius="md"
        aria-label={label}
        title={label}
        onClick={onClick}
      >
        <IconListCheck size={20} />
      </ActionIcon>
    </Indicator>
  );
}
