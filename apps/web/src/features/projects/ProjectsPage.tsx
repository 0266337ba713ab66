import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { totalElements, type Project } from '@integration/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { formatDate } from '../../app/format.ts';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import {
  EMPTY_SELECTION,
  HierarchySelectors,
  type HierarchySelection,
} from '../hierarchy/HierarchySelectors.tsx';
import { ChooseClusterModal } from './ChooseClusterModal.tsx';
import { OnlineUsers } from './OnlineUsers.tsx';

/** The projects the user may see, filtered by subsidiary, client and main project. */
function matches(project: Project, selection: HierarchySelection, search: string): boolean {
  if (selection.subsidiaryId !== null && project.client.subsidiary.id !== selection.subsidiaryId)
    return false;
  if (selection.clientId !== null && project.client.id !== selection.clientId) return false;
  if (selection.mainProjectId !== null && project.mainProjectId !== selection.mainProjectId)
    return false;
  return project.name.toLowerCase().includes(search.trim().toLowerCase());
}

export function ProjectsPage() {
  const { t } = useTranslation();
  const isAdmin = session.user()?.role === 'admin';
  const [selection, setSelection] = useState<HierarchySelection>(EMPTY_SELECTION);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Project | null>(null);
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });
  const shown = useMemo(
    () => (projects.data ?? []).filter((p) => matches(p, selection, search)),
    [projects.data, selection, search],
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('projects.title')}
        </Title>
        <Group gap="xs">
          <Button variant="light" component={Link} to={ROUTES.co.path}>
            {t('projects.manageCentralOffices')}
          </Button>
          <Button variant="light" component={Link} to={ROUTES.cluster.path}>
            {t('projects.manageClusters')}
          </Button>
          {isAdmin && (
            <Button variant="light" component={Link} to={ROUTES.users.path}>
              {t('projects.manageUsers')}
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end">
        <HierarchySelectors value={selection} onChange={setSelection} depth="mainProject" />
        <TextInput
          label={t('projects.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Group>
      {projects.error && (
        <Alert color="red" role="alert">
          {errorMessage(projects.error, t)}
        </Alert>
      )}
      <Table striped highlightOnHover aria-label={t('projects.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('projects.name')}</Table.Th>
            <Table.Th>{t('hierarchy.client')}</Table.Th>
            <Table.Th>{t('hierarchy.mainProject')}</Table.Th>
            <Table.Th>{t('projects.updatedAt')}</Table.Th>
            <Table.Th>{t('projects.elements')}</Table.Th>
            <Table.Th>{t('projects.usersOnline')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td fw={600}>{project.name}</Table.Td>
              <Table.Td>{project.client.name}</Table.Td>
              <Table.Td>{project.mainProject.name}</Table.Td>
              <Table.Td>{formatDate(project.updatedAt)}</Table.Td>
              <Table.Td>{totalElements(project._count)}</Table.Td>
              <Table.Td>
                <OnlineUsers users={project.usersOnline} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  onClick={() => setChosen(project)}
                  aria-label={t('projects.open', { project: project.name })}
                >
                  {t('projects.choose')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {projects.data && shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">{t('projects.none')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <ChooseClusterModal project={chosen} onClose={() => setChosen(null)} />
    </Stack>
  );
}
