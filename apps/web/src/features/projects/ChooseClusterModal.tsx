import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MODAL_WIDTH, totalElements, type Project } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/route-table.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { OnlineUsers } from './OnlineUsers.tsx';
import { PhaseBadge } from '../clusters/PhaseBadge.tsx';

/** After a project, a cluster: choosing one stores projectID/clusterID and opens the map. */
export function ChooseClusterModal({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openWorkspace = useWorkspace((s) => s.open);
  const clusters = useQuery({
    queryKey: hierarchyKeys.clustersOfProject(project?.id ?? 0),
    queryFn: () => hierarchyApi.clustersOfProject(project?.id ?? 0),
    enabled: project !== null,
  });
  return (
    <Modal
      opened={project !== null}
      onClose={onClose}
      size={MODAL_WIDTH}
      title={t('projects.chooseCluster', { project: project?.name ?? '' })}
    >
      {clusters.data?.length === 0 && <Text c="dimmed">{t('projects.noClusters')}</Text>}
      {!!clusters.data?.length && (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clusters.name')}</Table.Th>
              <Table.Th>{t('clusters.centralOffice')}</Table.Th>
              <Table.Th>{t('clusters.phase')}</Table.Th>
              <Table.Th>{t('projects.elements')}</Table.Th>
              <Table.Th>{t('projects.usersOnline')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clusters.data.map((cluster) => (
              <Table.Tr key={cluster.id}>
                <Table.Td>{cluster.name}</Table.Td>
                <Table.Td>{cluster.centralOffice.name}</Table.Td>
                <Table.Td>
                  <PhaseBadge phase={cluster.projectPhase} />
                </Table.Td>
                <Table.Td>{totalElements(cluster._count)}</Table.Td>
                <Table.Td>
                  <OnlineUsers users={cluster.usersOnline} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    aria-label={t('projects.openCluster', { cluster: cluster.name })}
                    onClick={() => {
                      openWorkspace(cluster.projectId, cluster.id);
                      navigate(ROUTES.map.path);
                    }}
                  >
                    {t('projects.openMap')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!clusters.data && !clusters.error && <Badge variant="light">{t('app.loading')}</Badge>}
    </Modal>
  );
}
