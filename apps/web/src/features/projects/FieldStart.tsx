import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMap2, IconScan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Cluster } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';

/** Clusters shown as one-tap map buttons, at most. */
const SHOWN = 4;

/**
 * A field crew's start (issue 24): the map of their clusters and Scan a tag first, one tap
 * each, above the list of projects that planners work from. The cluster last opened comes
 * first; then the clusters the user is assigned to (else every cluster they may see).
 */
export function FieldStart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clusterId, open } = useWorkspace();
  const me = session.user()?.id;
  const clusters = useQuery({
    queryKey: ['clusters', 'all'],
    queryFn: () => api<{ data: Cluster[] }>('GET', '/clusters/all').then((r) => r.data),
  });
  const all = clusters.data ?? [];
  const assigned = all.filter((c) => c.users.some((u) => u.id === me));
  const shown = (assigned.length ? assigned : all)
    .slice()
    .sort((a, b) => Number(b.id === clusterId) - Number(a.id === clusterId))
    .slice(0, SHOWN);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="field-start">
      <Stack gap="sm">
        <Title order={2} size="h4" id="field-start">
          {t('projects.field.title')}
        </Title>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Button
            size="md"
            leftSection={<IconScan size={20} aria-hidden />}
            onClick={() => navigate(ROUTES.scanTag.path)}
          >
            {t('projects.field.scan')}
          </Button>
          {shown.map((cluster) => (
            <Button
              key={cluster.id}
              size="md"
              variant={cluster.id === clusterId ? 'filled' : 'light'}
              leftSection={<IconMap2 size={20} aria-hidden />}
              aria-label={t('projects.openCluster', { cluster: cluster.name })}
              onClick={() => {
                open(cluster.projectId, cluster.id);
                navigate(ROUTES.map.path);
              }}
            >
              {t('projects.field.map', { cluster: cluster.name })}
            </Button>
          ))}
        </Group>
        {clusters.data && all.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('projects.field.noClusters')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
