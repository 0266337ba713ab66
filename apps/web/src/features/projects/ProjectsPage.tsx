import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { totalElements, type Project } from '@integration/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../app/DataTable.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { formatDate } from '../../app/format.ts';
import { ROUTES } from '../../app/route-table.ts';
import { useCompact } from '../../app/useCompact.ts';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import {
  EMPTY_SELECTION,
  HierarchySelectors,
  type HierarchySelection,
} from '../hierarchy/HierarchySelectors.tsx';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { TemplatesModal } from '../templates/TemplatesModal.tsx';
import { BomProjectLink } from '../costs/CostsEntries.tsx';
import { NoProjectYet } from '../organisation/NoProjectYet.tsx';
import {
  ProjectSettingsDialog,
  type ProjectTarget,
} from '../organisation/ProjectSettingsDialog.tsx';
import { useProjectTargets } from '../organisation/useProjectTargets.ts';
import { ChooseClusterModal } from './ChooseClusterModal.tsx';
import { FieldStart } from './FieldStart.tsx';
import { landsOnMap } from './field-landing.ts';
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
  const role = session.user()?.role;
  const isAdmin = role === 'admin';
  // A planner sees only the projects they are assigned to, so may edit the templates of each.
  const editsTemplates = isAdmin || role === 'planner';
  // What the server lets each role do there: central offices change for admins only; clusters'
  // phase and naming for their planners too. Others are not shown the buttons (issue 24).
  const managesCentralOffices = isAdmin;
  const managesClusters = isAdmin || role === 'planner';
  const field = role === 'field';
  const navigate = useNavigate();
  const workspace = useWorkspace();
  // A field crew back at work opens on the map of their cluster (once a visit to the app).
  useEffect(() => {
    if (field && landsOnMap(workspace)) navigate(ROUTES.map.path, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only.
  }, []);
  const [templatesOf, setTemplatesOf] = useState<Project | null>(null);
  const [selection, setSelection] = useState<HierarchySelection>(EMPTY_SELECTION);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Project | null>(null);
  // ConfigureProject (SPEC §2): admins set a project's name, map zoom and currency (issue 28).
  const [configured, setConfigured] = useState<ProjectTarget | null>(null);
  const projectTargets = useProjectTargets();
  // A phone's card has no room for four buttons on one line: they wrap there.
  const compact = useCompact();
  const chooseProject = useWorkspace((s) => s.chooseProject);
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });
  const nothingYet = isAdmin && projects.data?.length === 0;
  const shown = useMemo(
    () => (projects.data ?? []).filter((p) => matches(p, selection, search)),
    [projects.data, selection, search],
  );

  return (
    <Stack>
      {field ? <FieldStart /> : null}
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('projects.title')}
        </Title>
        <Group gap="xs">
          {isAdmin && (
            <Button variant="light" component={Link} to={ROUTES.organisation.path}>
              {t('organisation.open')}
            </Button>
          )}
          {managesCentralOffices ? (
            <Button variant="light" component={Link} to={ROUTES.co.path}>
              {t('projects.manageCentralOffices')}
            </Button>
          ) : null}
          {managesClusters ? (
            <Button variant="light" component={Link} to={ROUTES.cluster.path}>
              {t('projects.manageClusters')}
            </Button>
          ) : null}
          <Button variant="light" component={Link} to={ROUTES.qr.path}>
            {t('projects.qrTags')}
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
      {/* An empty database: the first admin is shown where projects come from (issue 28). */}
      {nothingYet ? <NoProjectYet /> : null}
      <DataTable
        label={t('projects.title')}
        rows={shown}
        rowKey={(project) => project.id}
        empty={projects.data && !nothingYet ? t('projects.none') : undefined}
        columns={[
          { header: t('projects.name'), primary: true, cell: (project) => project.name },
          { header: t('hierarchy.client'), cell: (project) => project.client.name },
          { header: t('hierarchy.mainProject'), cell: (project) => project.mainProject.name },
          { header: t('projects.updatedAt'), cell: (project) => formatDate(project.updatedAt) },
          { header: t('projects.elements'), cell: (project) => totalElements(project._count) },
          {
            header: t('projects.usersOnline'),
            cell: (project) => <OnlineUsers users={project.usersOnline} />,
          },
          {
            header: t('projects.choose'),
            actions: true,
            cell: (project) => (
              <Group gap="xs" wrap={compact ? 'wrap' : 'nowrap'}>
                <Button
                  size="xs"
                  onClick={() => {
                    // Manage CO and the cluster screens open on it from now on.
                    chooseProject(project.id);
                    setChosen(project);
                  }}
                  aria-label={t('projects.open', { project: project.name })}
                >
                  {t('projects.choose')}
                </Button>
                {editsTemplates && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setTemplatesOf(project)}
                    aria-label={t('templates.open', { project: project.name })}
                  >
                    {t('templates.button')}
                  </Button>
                )}
                <BomProjectLink project={project} />
                {isAdmin && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setConfigured(projectTargets.configure(project))}
                    aria-label={t('organisation.project.configureNamed', { name: project.name })}
                  >
                    {t('organisation.project.configure')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <ChooseClusterModal project={chosen} onClose={() => setChosen(null)} />
      <TemplatesModal project={templatesOf} onClose={() => setTemplatesOf(null)} />
      <ProjectSettingsDialog target={configured} onClose={() => setConfigured(null)} />
    </Stack>
  );
}
