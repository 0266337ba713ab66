import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWorkspaceSelection } from '../hierarchy/useWorkspaceSelection.ts';
import { ClusterManager } from './ClusterManager.tsx';

/** Cluster (SPEC §2): opens on the project and CO of the cluster chosen on the Project page. */
export function ClustersPage() {
  const { t } = useTranslation();
  const workspace = useWorkspaceSelection();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('routes.cluster')}
      </Title>
      <ClusterManager initial={workspace} />
    </Stack>
  );
}
