import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hierarchyApi, hierarchyKeys } from './hierarchy.api.ts';

/** The selected path through the hierarchy; choosing a level clears those below it. */
export interface HierarchySelection {
  subsidiaryId: number | null;
  clientId: number | null;
  mainProjectId: number | null;
  projectId: number | null;
  centralOfficeId: number | null;
}

export const EMPTY_SELECTION: HierarchySelection = {
  subsidiaryId: null,
  clientId: null,
  mainProjectId: null,
  projectId: null,
  centralOfficeId: null,
};

const LEVELS = [
  'subsidiaryId',
  'clientId',
  'mainProjectId',
  'projectId',
  'centralOfficeId',
] as const;
type Level = (typeof LEVELS)[number];

/** Sets one level and clears every level below it. */
export function choose(
  selection: HierarchySelection,
  level: Level,
  id: number | null,
): HierarchySelection {
  const next = { ...selection, [level]: id };
  for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) next[lower] = null;
  return next;
}

const options = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
const toId = (value: string | null) => (value ? Number(value) : null);

/**
 * Cascading selectors (SPEC §2): subsidiary → client → main project, and down to project
 * and central office when `depth` asks for them.
 */
export function HierarchySelectors({
  value,
  onChange,
  depth,
}: {
  value: HierarchySelection;
  onChange: (next: HierarchySelection) => void;
  depth: 'mainProject' | 'project' | 'centralOffice';
}) {
  const { t } = useTranslation();
  const subsidiaries = useQuery({
    queryKey: hierarchyKeys.subsidiaries(),
    queryFn: hierarchyApi.subsidiaries,
  });
  const clients = useQuery({
    queryKey: hierarchyKeys.clients(value.subsidiaryId ?? 0),
    queryFn: () => hierarchyApi.clients(value.subsidiaryId ?? 0),
    enabled: value.subsidiaryId !== null,
  });
  const mainProjects = useQuery({
    queryKey: hierarchyKeys.mainProjects(value.clientId ?? 0),
    queryFn: () => hierarchyApi.mainProjects(value.clientId ?? 0),
    enabled: value.clientId !== null,
  });
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(value.mainProjectId ?? undefined),
    queryFn: () => hierarchyApi.projects(value.mainProjectId ?? undefined),
    enabled: depth !== 'mainProject' && value.mainProjectId !== null,
  });
  const offices = useQuery({
    queryKey: hierarchyKeys.centralOffices(value.projectId ?? 0),
    queryFn: () => hierarchyApi.centralOffices(value.projectId ?? 0),
    enabled: depth === 'centralOffice' && value.projectId !== null,
  });

  const select = (
    level: Level,
    label: string,
    rows: { id: number; name: string }[] | undefined,
    disabled: boolean,
  ) => (
    <Select
      label={label}
      placeholder={t('hierarchy.choose')}
      data={options(rows)}
      value={value[level] === null ? null : String(value[level])}
      onChange={(v) => onChange(choose(value, level, toId(v)))}
      disabled={disabled}
      clearable
      searchable
      nothingFoundMessage={t('hierarchy.nothingFound')}
      miw={180}
    />
  );

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {select('subsidiaryId', t('hierarchy.subsidiary'), subsidiaries.data, false)}
      {select('clientId', t('hierarchy.client'), clients.data, value.subsidiaryId === null)}
      {select(
        'mainProjectId',
        t('hierarchy.mainProject'),
        mainProjects.data,
        value.clientId === null,
      )}
      {depth !== 'mainProject' &&
        select('projectId', t('hierarchy.project'), projects.data, value.mainProjectId === null)}
      {depth === 'centralOffice' &&
        select(
          'centralOfficeId',
          t('hierarchy.centralOffice'),
          offices.data,
          value.projectId === null,
        )}
    </Group>
  );
}
