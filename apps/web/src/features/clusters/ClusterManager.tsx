import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLUSTER_LIST_REFRESH_MS, totalElements, type Cluster } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import {
  EMPTY_SELECTION,
  HierarchySelectors,
  type HierarchySelection,
} from '../hierarchy/HierarchySelectors.tsx';
import { TypedDeleteDialog } from '../organisation/TypedDeleteDialog.tsx';
import { clustersApi } from './clusters.api.ts';
import { ConfigureClusterModal } from './ConfigureClusterModal.tsx';
import { PhaseBadge } from './PhaseBadge.tsx';

/**
 * Create Cluster form and the clusters of the chosen CO (SPEC §2): cascading selectors down
 * to the CO, a name and Create, then a table with Configure and Delete.
 */
export function ClusterManager({ initial }: { initial: HierarchySelection | null }) {
  const { t } = useTranslation();
  const isAdmin = session.user()?.role === 'admin';
  // `initial` may arrive after the first render (the Project page's choice, being loaded).
  const [chosen, setSelection] = useState<HierarchySelection | null>(null);
  const selection = chosen ?? initial ?? EMPTY_SELECTION;
  const [name, setName] = useState('');
  const [configuredId, setConfiguredId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Cluster | null>(null);
  const coId = selection.centralOfficeId;

  const clusters = useQuery({
    queryKey: hierarchyKeys.clustersOfCentralOffice(coId ?? 0),
    queryFn: () => hierarchyApi.clustersOfCentralOffice(coId ?? 0),
    enabled: coId !== null,
  });
  const refetchSoon = () => setTimeout(() => void clusters.refetch(), CLUSTER_LIST_REFRESH_MS);
  const create = useApiMutation(
    (vars: { coId: number; name: string }) => clustersApi.create(vars.coId, vars.name),
    {
      onSuccess: (answer) => {
        // Proceed only on a truthy answer (SPEC §5), then refresh the list shortly after.
        if (answer.data) {
          setName('');
          refetchSoon();
        }
      },
    },
  );
  const configured = clusters.data?.find((c) => c.id === configuredId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (coId !== null && name.trim()) create.mutate({ coId, name: name.trim() });
  };

  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack>
          <HierarchySelectors value={selection} onChange={setSelection} depth="centralOffice" />
          {isAdmin ? (
            <form onSubmit={submit}>
              <Group align="flex-end">
                <TextInput
                  label={t('clusters.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  disabled={coId === null}
                  miw={280}
                />
                <Button
                  type="submit"
                  disabled={coId === null || !name.trim()}
                  loading={create.isPending}
                >
                  {t('clusters.create')}
                </Button>
              </Group>
            </form>
          ) : (
            <Text size="sm" c="dimmed">
              {t('clusters.adminOnly')}
            </Text>
          )}
        </Stack>
      </Paper>
      {coId === null && <Text c="dimmed">{t('clusters.chooseCentralOffice')}</Text>}
      {clusters.data && (
        <DataTable
          label={t('clusters.table')}
          rows={clusters.data}
          rowKey={(cluster) => cluster.id}
          empty={t('common.noData')}
          columns={[
            { header: t('common.number'), cell: (_, index) => index + 1 },
            { header: t('clusters.centralOffice'), cell: (cluster) => cluster.centralOffice.name },
            { header: t('clusters.name'), primary: true, cell: (cluster) => cluster.name },
            {
              header: t('clusters.phase'),
              cell: (cluster) => <PhaseBadge phase={cluster.projectPhase} />,
            },
            { header: t('clusters.users'), cell: (cluster) => cluster.users.length },
            { header: t('projects.elements'), cell: (cluster) => totalElements(cluster._count) },
            {
              header: t('clusters.configureShort'),
              actions: true,
              cell: (cluster) => (
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setConfiguredId(cluster.id)}
                    aria-label={t('clusters.configure', { name: cluster.name })}
                  >
                    {t('clusters.configureShort')}
                  </Button>
                  {isAdmin && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setToDelete(cluster)}
                      aria-label={t('clusters.delete', { name: cluster.name })}
                    >
                      {t('common.delete')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      <ConfigureClusterModal cluster={configured} onClose={() => setConfiguredId(null)} />
      {/* A cluster with elements goes with them once its name is typed (issue 28). */}
      <TypedDeleteDialog
        target={
          toDelete && {
            name: toDelete.name,
            title: t('organisation.delete.clusterTitle', { name: toDelete.name }),
            remove: (confirm) => clustersApi.delete(toDelete.id, confirm),
          }
        }
        showRefusal
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
