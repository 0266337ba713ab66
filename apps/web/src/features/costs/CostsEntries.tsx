import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { bomPath } from './costs-links.ts';

/** The Project page's link to a project's bill, beside its other actions. */
export function BomProjectLink({ project }: { project: { id: number; name: string } }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      component={Link}
      to={bomPath({ projectId: project.id })}
      aria-label={t('costs.entry.projectOf', { project: project.name })}
    >
      {t('costs.entry.project')}
    </Button>
  );
}

interface ClusterProps {
  projectId: number;
  clusterId: number;
}

/**
 * On the map's wide toolbar: the open cluster's bill, as an icon with its name in a tooltip
 * (the toolbar's rows are full with the cluster's other entries' words).
 */
export function BomMapButton({ projectId, clusterId }: ClusterProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('costs.entry.map')}>
      <ActionIcon
        size={36}
        variant="default"
        component={Link}
        to={bomPath({ projectId, clusterId })}
        aria-label={t('costs.entry.map')}
      >
        <IconReceipt2 size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** On a phone: the same in the map's More menu. */
export function BomMenuItems({ projectId, clusterId }: ClusterProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Menu.Label>{t('costs.entry.mapGroup')}</Menu.Label>
      <Menu.Item
        leftSection={<IconReceipt2 size={18} />}
        onClick={() => void navigate(bomPath({ projectId, clusterId }))}
      >
        {t('costs.entry.map')}
      </Menu.Item>
    </>
  );
}
