import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CentralOffice } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { ManageClustersModal } from '../clusters/ManageClustersModal.tsx';
import { TypedDeleteDialog } from '../organisation/TypedDeleteDialog.tsx';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import {
  EMPTY_SELECTION,
  HierarchySelectors,
  type HierarchySelection,
} from '../hierarchy/HierarchySelectors.tsx';
import { useWorkspaceSelection } from '../hierarchy/useWorkspaceSelection.ts';
import { centralOfficesApi } from './central-offices.api.ts';
import { MembersPanel } from './MembersPanel.tsx';
import { OfficeLocationPanel } from './OfficeLocationPanel.tsx';

/** Manage CO (SPEC §2): pick a project, add COs, manage their users, delete them. */
export function CentralOfficesPage() {
  const { t } = useTranslation();
  const isAdmin = session.user()?.role === 'admin';
  // Opens on the project chosen on the Project page; choosing another here stays here.
  const workspace = useWorkspaceSelection();
  const [chosen, setSelection] = useState<HierarchySelection | null>(null);
  const selection = chosen ?? workspace ?? EMPTY_SELECTION;
  const [name, setName] = useState('');
  const [managedId, setManagedId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<CentralOffice | null>(null);
  const [clustersOf, setClustersOf] = useState<CentralOffice | null>(null);
  const projectId = selection.projectId;

  const offices = useQuery({
    queryKey: hierarchyKeys.centralOffices(projectId ?? 0),
    queryFn: () => hierarchyApi.centralOffices(projectId ?? 0),
    enabled: projectId !== null,
  });
  const managed = offices.data?.find((o) => o.id === managedId) ?? null;

  const create = useApiMutation(
    (vars: { projectId: number; name: string }) =>
      centralOfficesApi.create(vars.projectId, vars.name),
    { onSuccess: () => setName('') },
  );
  const addUser = useApiMutation((vars: { id: number; userId: number }) =>
    centralOfficesApi.addUsers(vars.id, [vars.userId]),
  );
  const removeUser = useApiMutation((vars: { id: number; userId: number }) =>
    centralOfficesApi.removeUser(vars.id, vars.userId),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (projectId !== null && name.trim()) create.mutate({ projectId, name: name.trim() });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('routes.co')}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <HierarchySelectors
            value={selection}
            onChange={(next) => {
              setSelection(next);
              setManagedId(null);
            }}
            depth="project"
          />
          {isAdmin ? (
            <form onSubmit={submit}>
              <Group align="flex-end">
                <TextInput
                  label={t('centralOffices.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  disabled={projectId === null}
                  miw={280}
                />
                <Button
                  type="submit"
                  disabled={projectId === null || !name.trim()}
                  loading={create.isPending}
                >
                  {t('common.add')}
                </Button>
              </Group>
            </form>
          ) : (
            <Text size="sm" c="dimmed">
              {t('centralOffices.adminOnly')}
            </Text>
          )}
        </Stack>
      </Paper>

      {projectId === null && <Text c="dimmed">{t('centralOffices.chooseProject')}</Text>}
      {offices.error && <Alert color="red">{offices.error.message}</Alert>}
      {offices.data && (
        <DataTable
          label={t('centralOffices.table')}
          rows={offices.data}
          rowKey={(office) => office.id}
          rowBackground={(office) => (office.id === managedId ? 'teal.0' : undefined)}
          empty={t('common.noData')}
          columns={[
            { header: t('common.number'), cell: (_, index) => index + 1 },
            { header: t('centralOffices.name'), primary: true, cell: (office) => office.name },
            { header: t('centralOffices.users'), cell: (office) => office.users.length },
            { header: t('centralOffices.clusters'), cell: (office) => office._count.clusters },
            {
              header: t('common.manage'),
              actions: true,
              cell: (office) => (
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setManagedId(office.id)}
                    aria-label={t('centralOffices.manage', { name: office.name })}
                  >
                    {t('common.manage')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setClustersOf(office)}
                    aria-label={t('centralOffices.clustersOf', { name: office.name })}
                  >
                    {t('centralOffices.clusters')}
                  </Button>
                  {isAdmin && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setToDelete(office)}
                      aria-label={t('centralOffices.delete', { name: office.name })}
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

      {managed && (
        <Paper withBorder p="md">
          <MembersPanel
            title={t('centralOffices.usersOf', { name: managed.name })}
            members={managed.users}
            canEdit={isAdmin}
            busy={addUser.isPending}
            onAdd={(userId) => addUser.mutate({ id: managed.id, userId })}
            onRemove={(user) => removeUser.mutate({ id: managed.id, userId: user.id })}
          />
        </Paper>
      )}
      {managed && session.user()?.role !== 'viewer' && session.user()?.role !== 'field' && (
        <Paper withBorder p="md">
          <OfficeLocationPanel key={managed.id} office={managed} />
        </Paper>
      )}

      <ManageClustersModal
        selection={clustersOf && { ...selection, centralOfficeId: clustersOf.id }}
        title={clustersOf?.name ?? ''}
        onClose={() => setClustersOf(null)}
      />
      {/* A CO with clusters goes with them once its name is typed (issue 28). */}
      <TypedDeleteDialog
        target={
          toDelete && {
            name: toDelete.name,
            title: t('organisation.delete.centralOfficeTitle', { name: toDelete.name }),
            remove: (confirm) => centralOfficesApi.delete(toDelete.id, confirm),
          }
        }
        showRefusal
        onDeleted={() => {
          if (managedId === toDelete?.id) setManagedId(null);
        }}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
