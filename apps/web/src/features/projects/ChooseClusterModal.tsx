import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MODAL_WIDTH, totalElements, type Project } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../app/DataTable.tsx';
import { ROUTES } from '../../app/route-table.ts';
import { wholeProjectPath } from '../map/whole-project.ts';
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
  const chooseProject = useWorkspace((s) => s.chooseProject);
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
      {/* Every cluster's network on one map (issue 30), zoomed into to edit one of them. */}
      {project && clusters.data?.length ? (
        <Group justify="flex-end" mb="sm">
          <Button
            variant="light"
            leftSection={<IconMap2 size={16} aria-hidden />}
            aria-label={t('map.tiles.openNamed', { project: project.name })}
            onClick={() => {
              chooseProject(project.id);
              navigate(wholeProjectPath);
            }}
          >
            {t('map.tiles.open')}
          </Button>
        </Group>
      ) : null}
      {clusters.data?.length === 0 && <Text c="dimmed">{t('projects.noClusters')}</Text>}
      {!!clusters.data?.length && (
        <DataTable
          label={t('projects.chooseCluster', { project: project?.name ?? '' })}
          rows={clusters.data}
          rowKey={(cluster) => cluster.id}
          columns={[
            { header: t('clusters.name'), primary: true, cell: (cluster) => cluster.name },
            { header: t('clusters.centralOffice'), cell: (cluster) => cluster.centralOffice.name },
            {
              header: t('clusters.phase'),
              cell: (cluster) => <PhaseBadge phase={cluster.projectPhase} />,
            },
            { header: t('projects.elements'), cell: (cluster) => totalElements(cluster._count) },
            {
              header: t('projects.usersOnline'),
              cell: (cluster) => <OnlineUsers users={cluster.usersOnline} />,
            },
            {
              header: t('projects.openMap'),
              actions: true,
              cell: (cluster) => (
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
              ),
            },
          ]}
        />
      )}
      {!clusters.data && !clusters.error && <Badge variant="light">{t('app.loading')}</Badge>}
    </Modal>
  );
}
