import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY_SELECTION } from '../hierarchy/HierarchySelectors.tsx';
import { ClusterManager } from './ClusterManager.tsx';

export function ClustersPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('routes.cluster')}
      </Title>
      <ClusterManager initial={EMPTY_SELECTION} />
    </Stack>
  );
}
