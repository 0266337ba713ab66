import { Button, Menu } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { designPanel, useDesignPanel } from './design-panel.store.ts';
import { ProblemsBadge, useCountsText } from './ProblemsBadge.tsx';
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
