import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import type { RunScope } from './reports.api.ts';

const options = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
/** On a phone each picker takes the whole line; on a desktop they share one. */
const GROW = { flex: '1 1 160px', maxWidth: 320 };
const toId = (value: string | null) => (value ? Number(value) : undefined);

/** What a run covers: a project, optionally narrowed to a central office, then a cluster. */
export function ScopePicker({
  value,
  onChange,
}: {
  value: Partial<RunScope>;
  onChange: (next: Partial<RunScope>) => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });
  const offices = useQuery({
    queryKey: hierarchyKeys.centralOffices(value.projectId ?? 0),
    queryFn: () => hierarchyApi.centralOffices(value.projectId ?? 0),
    enabled: value.projectId !== undefined,
  });
  const clusters = useQuery({
    queryKey: value.centralOfficeId
      ? hierarchyKeys.clustersOfCentralOffice(value.centralOfficeId)
      : hierarchyKeys.clustersOfProject(value.projectId ?? 0),
    queryFn: () =>
      value.centralOfficeId
        ? hierarchyApi.clustersOfCentralOffice(value.centralOfficeId)
        : hierarchyApi.clustersOfProject(value.projectId ?? 0),
    enabled: value.projectId !== undefined,
  });
  const asValue = (id: number | undefined) => (id === undefined ? null : String(id));

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('hierarchy.project')}
        placeholder={t('hierarchy.choose')}
        data={options(projects.data)}
        value={asValue(value.projectId)}
        onChange={(v) => onChange({ projectId: toId(v) })}
        searchable
        nothingFoundMessage={t('hierarchy.nothingFound')}
        miw={200}
        style={GROW}
      />
      <Select
        label={t('hierarchy.centralOffice')}
        placeholder={t('reports.view.allOffices')}
        data={options(offices.data)}
        value={asValue(value.centralOfficeId)}
        onChange={(v) => onChange({ projectId: value.projectId, centralOfficeId: toId(v) })}
        disabled={value.projectId === undefined}
        clearable
        searchable
        miw={180}
        style={GROW}
      />
      <Select
        label={t('reports.view.cluster')}
        placeholder={t('reports.view.allClusters')}
        data={options(clusters.data)}
        value={asValue(value.clusterId)}
        onChange={(v) => onChange({ ...value, clusterId: toId(v) })}
        disabled={value.projectId === undefined}
        clearable
        searchable
        miw={160}
        style={GROW}
      />
    </Group>
  );
}
