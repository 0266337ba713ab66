import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconBuildingBroadcastTower, IconGauge } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Cluster } from '@integration/contracts';
import { useRoomy } from '../../app/useCompact.ts';
import { fibreScreens } from './fibre-screens.store.ts';

type ClusterRef = Pick<Cluster, 'id' | 'name' | 'centralOfficeId' | 'centralOffice'>;

/** The cluster-wide fibre screens (issue 26): its loss budget and its central office's plan. */
const open = {
  budget: (cluster: ClusterRef) =>
    fibreScreens.openList({ kind: 'budget', clusterId: cluster.id, name: cluster.name }),
  office: (cluster: ClusterRef) =>
    fibreScreens.open({
      kind: 'enclosure',
      holder: { centralOfficeId: cluster.centralOfficeId },
      name: cluster.centralOffice.name,
    }),
};

/** On a wide screen: beside Import and Export, the cluster's other files and lists. */
export function FibreClusterButtons({ cluster }: { cluster: ClusterRef }) {
  const { t } = useTranslation();
  if (!useRoomy()) {
    return (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('fibre.budget.action')}>
          <ActionIcon
            size={36}
            variant="default"
            aria-label={t('fibre.budget.action')}
            onClick={() => open.budget(cluster)}
          >
            <IconGauge size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={`${t('fibre.officeEquipment')}: ${cluster.centralOffice.name}`}>
          <ActionIcon
            size={36}
            variant="default"
            aria-label={t('fibre.officeEquipment')}
            onClick={() => open.office(cluster)}
          >
            <IconBuildingBroadcastTower size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="sm"
        variant="default"
        leftSection={<IconGauge size={16} />}
        onClick={() => open.budget(cluster)}
      >
        {t('fibre.budget.action')}
      </Button>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconBuildingBroadcastTower size={16} />}
        title={cluster.centralOffice.name}
        onClick={() => open.office(cluster)}
      >
        {t('fibre.officeEquipment')}
      </Button>
    </Group>
  );
}

/** On a phone: the same two in the map's More menu. */
export function FibreClusterMenuItems({ cluster }: { cluster: ClusterRef }) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Label>{t('fibre.fibres')}</Menu.Label>
      <Menu.Item leftSection={<IconGauge size={18} />} onClick={() => open.budget(cluster)}>
        {t('fibre.budget.action')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconBuildingBroadcastTower size={18} />}
        onClick={() => open.office(cluster)}
      >
        {t('fibre.officeEquipment')}
      </Menu.Item>
    </>
  );
}
