import { Anchor, Breadcrumbs, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  totalElements,
  type OrganisationLevel,
  type OrganisationNode,
} from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCompact } from '../../app/useCompact.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { FirstSubsidiary } from './FirstSubsidiary.tsx';
import { LevelColumn, type LevelRow } from './LevelColumn.tsx';
import { NameDialog, type NameTarget } from './NameDialog.tsx';
import { organisationApi } from './organisation.api.ts';
import {
  choose,
  deepestLevel,
  defaultCurrency,
  pathFromSearch,
  projectCounts,
  searchFromPath,
  type OrganisationPath,
  type ParentLevel,
} from './organisation-path.ts';
import { ProjectSettingsDialog, type ProjectTarget } from './ProjectSettingsDialog.tsx';
import { TypedDeleteDialog, type DeleteTarget } from './TypedDeleteDialog.tsx';
import { useProjectTargets } from './useProjectTargets.ts';

const byName = <T extends { name: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

/**
 * The organisation as columns, subsidiary → client → main project → project (one column at a
 * time on a phone, with the path above it): choosing a row shows its children beside it; each
 * level has New, rename (configure for a project) and delete.
 */
export function OrganisationTree() {
  const { t, i18n } = useTranslation();
  const compact = useCompact();
  const [search, setSearch] = useSearchParams();
  const asked = pathFromSearch(search);
  const [nameTarget, setNameTarget] = useState<NameTarget | null>(null);
  const [projectTarget, setProjectTarget] = useState<ProjectTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const projectTargets = useProjectTargets();

  const subsidiaries = useQuery({
    queryKey: hierarchyKeys.subsidiaries(),
    queryFn: hierarchyApi.subsidiaries,
  });
  // A row chosen in the address counts only while it exists (deleted here or elsewhere: gone).
  const subsidiary = subsidiaries.data?.find((s) => s.id === asked.subsidiary) ?? null;
  const clients = useQuery({
    queryKey: hierarchyKeys.clients(subsidiary?.id ?? 0),
    queryFn: () => hierarchyApi.clients(subsidiary?.id ?? 0),
    enabled: subsidiary !== null,
  });
  const client = (subsidiary && clients.data?.find((c) => c.id === asked.client)) ?? null;
  const mainProjects = useQuery({
    queryKey: hierarchyKeys.mainProjects(client?.id ?? 0),
    queryFn: () => hierarchyApi.mainProjects(client?.id ?? 0),
    enabled: client !== null,
  });
  const mainProject =
    (client && mainProjects.data?.find((m) => m.id === asked.mainProject)) ?? null;
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });
  const path: OrganisationPath = {
    subsidiary: subsidiary?.id ?? null,
    client: client?.id ?? null,
    mainProject: mainProject?.id ?? null,
  };

  const go = (next: OrganisationPath) =>
    // On a phone each step is a page of its own, so Back goes up a level.
    setSearch(searchFromPath(next), { replace: !compact });
  const select = (level: ParentLevel) => (id: number) => go(choose(path, level, id));
  const opened = (level: ParentLevel) => (answer: { data?: unknown }) => {
    const node = answer.data as OrganisationNode | undefined;
    if (node) go(choose(path, level, node.id));
  };

  const number = new Intl.NumberFormat(i18n.language);
  const counted = (n: number, key: 'projectsCount' | 'elementsCount') =>
    t(
      `organisation.${key}.${new Intl.PluralRules(i18n.language).select(n) === 'one' ? 'one' : 'other'}`,
      {
        formatted: number.format(n),
      },
    );
  const counts = projectCounts(projects.data ?? []);
  const rowsOf = (
    level: ParentLevel,
    list: { id: number; name: string; country?: string | null }[] | undefined,
  ) =>
    list &&
    byName(list).map((r): LevelRow => ({
      id: r.id,
      name: r.name,
      detail: [counted(counts[level].get(r.id) ?? 0, 'projectsCount'), r.country]
        .filter(Boolean)
        .join(' · '),
    }));
  const projectRows =
    mainProject && projects.data
      ? byName(projects.data.filter((p) => p.mainProjectId === mainProject.id)).map(
          (p): LevelRow => ({
            id: p.id,
            name: p.name,
            // The phase first: where the project stands matters most when scanning the list.
            detail: [
              t(`clusters.phases.${p.phase}`),
              t('organisation.project.settings', { zoom: p.zoom, currency: p.currency }),
              counted(totalElements(p._count), 'elementsCount'),
            ].join(' · '),
          }),
        )
      : undefined;

  const named = (
    level: 'subsidiary' | 'client' | 'mainProject',
    parentName?: string,
  ): NameTarget => ({
    title: t(`organisation.level.${level}.newTitle`, { parent: parentName ?? '' }),
    submitLabel: t('organisation.create'),
    initial: { name: '' },
    withCountry: level === 'subsidiary',
    save: ({ name, country }) =>
      organisationApi.create(
        name,
        level === 'subsidiary'
          ? { level, country }
          : level === 'client'
            ? { level, subsidiaryId: path.subsidiary ?? 0 }
            : { level, clientId: path.client ?? 0 },
      ),
    onSaved: opened(level),
  });
  const renamed = (
    level: 'subsidiary' | 'client' | 'mainProject',
    row: { id: number; name: string; country?: string | null },
  ): NameTarget => ({
    title: t(`organisation.level.${level}.renameTitle`, { name: row.name }),
    submitLabel: t('organisation.save'),
    initial: { name: row.name, country: row.country ?? null },
    withCountry: level === 'subsidiary',
    save: ({ name, country }) =>
      level === 'subsidiary'
        ? organisationApi.updateSubsidiary(row.id, { name, country: country ?? null })
        : organisationApi.rename(level, row.id, name),
  });
  const deleting = (level: OrganisationLevel, row: { id: number; name: string }): DeleteTarget => ({
    name: row.name,
    title: t(`organisation.level.${level}.deleteTitle`, { name: row.name }),
    remove: (confirm) => organisationApi.delete(level, row.id, confirm),
  });
  const find = <T extends { id: number }>(list: T[] | undefined, id: number) =>
    list?.find((r) => r.id === id);

  const columns: Record<OrganisationLevel, React.ReactNode> = {
    subsidiary: (
      <LevelColumn
        key="subsidiary"
        level="subsidiary"
        rows={rowsOf('subsidiary', subsidiaries.data)}
        error={subsidiaries.error}
        parentName={null}
        selectedId={path.subsidiary}
        onSelect={select('subsidiary')}
        onNew={() => setNameTarget(named('subsidiary'))}
        onEdit={(id) => {
          const row = find(subsidiaries.data, id);
          if (row) setNameTarget(renamed('subsidiary', row));
        }}
        onDelete={(id) => {
          const row = find(subsidiaries.data, id);
          if (row) setDeleteTarget(deleting('subsidiary', row));
        }}
      />
    ),
    client: (
      <LevelColumn
        key="client"
        level="client"
        rows={rowsOf('client', clients.data)}
        error={clients.error}
        parentName={subsidiary?.name ?? null}
        selectedId={path.client}
        onSelect={select('client')}
        onNew={() => setNameTarget(named('client', subsidiary?.name))}
        onEdit={(id) => {
          const row = find(clients.data, id);
          if (row) setNameTarget(renamed('client', row));
        }}
        onDelete={(id) => {
          const row = find(clients.data, id);
          if (row) setDeleteTarget(deleting('client', row));
        }}
      />
    ),
    mainProject: (
      <LevelColumn
        key="mainProject"
        level="mainProject"
        rows={rowsOf('mainProject', mainProjects.data)}
        error={mainProjects.error}
        parentName={client?.name ?? null}
        selectedId={path.mainProject}
        onSelect={select('mainProject')}
        onNew={() => setNameTarget(named('mainProject', client?.name))}
        onEdit={(id) => {
          const row = find(mainProjects.data, id);
          if (row) setNameTarget(renamed('mainProject', row));
        }}
        onDelete={(id) => {
          const row = find(mainProjects.data, id);
          if (row) setDeleteTarget(deleting('mainProject', row));
        }}
      />
    ),
    project: (
      <LevelColumn
        key="project"
        level="project"
        rows={projectRows}
        error={projects.error}
        parentName={mainProject?.name ?? null}
        selectedId={null}
        onNew={() =>
          mainProject &&
          setProjectTarget(
            projectTargets.create(
              mainProject,
              defaultCurrency(projects.data ?? [], path.subsidiary),
            ),
          )
        }
        onEdit={(id) => {
          const row = find(projects.data, id);
          if (row) setProjectTarget(projectTargets.configure(row));
        }}
        onDelete={(id) => {
          const row = find(projects.data, id);
          if (row) setDeleteTarget(deleting('project', row));
        }}
      />
    ),
  };

  const dialogs = (
    <>
      <NameDialog target={nameTarget} onClose={() => setNameTarget(null)} />
      <ProjectSettingsDialog target={projectTarget} onClose={() => setProjectTarget(null)} />
      <TypedDeleteDialog target={deleteTarget} onClose={() => setDeleteTarget(null)} />
    </>
  );

  if (subsidiaries.data?.length === 0) {
    return (
      <>
        <FirstSubsidiary onCreate={() => setNameTarget(named('subsidiary'))} />
        {dialogs}
      </>
    );
  }

  if (compact) {
    const crumbs = [
      { label: t('organisation.top'), to: choose(path, 'subsidiary', null) },
      subsidiary && { label: subsidiary.name, to: choose(path, 'client', null) },
      client && { label: client.name, to: choose(path, 'mainProject', null) },
      mainProject && { label: mainProject.name, to: path },
    ].filter((c) => c !== null);
    return (
      <Stack>
        <Breadcrumbs
          aria-label={t('organisation.path')}
          separatorMargin={4}
          style={{ flexWrap: 'wrap' }}
        >
          {crumbs.map((crumb, i) =>
            i === crumbs.length - 1 ? (
              <span key={i} aria-current="page">
                {crumb.label}
              </span>
            ) : (
              <Anchor key={i} component="button" type="button" onClick={() => go(crumb.to)}>
                {crumb.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        {columns[deepestLevel(path)]}
        {dialogs}
      </Stack>
    );
  }

  return (
    <>
      <SimpleGrid cols={4} spacing="sm">
        {columns.subsidiary}
        {columns.client}
        {columns.mainProject}
        {columns.project}
      </SimpleGrid>
      {dialogs}
    </>
  );
}
