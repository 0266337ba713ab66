import { Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectMapView, TiledElement } from '../adapter/project-map-view.ts';

/**
 * Find a tiled element by name. The server has no search across a project: this searches the
 * names the map's loaded tiles hold (the view and around it), and says so.
 */
export function TiledSearch({
  view,
  onChoose,
  w,
}: {
  view: ProjectMapView;
  onChoose: (e: TiledElement) => void;
  w: number | string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useMemo(() => view.search(search), [view, search]);
  const data = found.map((e) => ({
    value: `${e.type}:${e.id}`,
    label: `${e.name} · ${t(`map.types.${e.type}`)}`,
  }));
  return (
    <Select
      w={w}
      searchable
      clearable
      aria-label={t('map.tiles.search')}
      aria-description={t('map.tiles.searchNote')}
      title={t('map.tiles.searchNote')}
      placeholder={t('map.tiles.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={search.trim() ? t('map.tiles.noResults') : undefined}
      filter={({ options }) => options}
      onChange={(key) => {
        const chosen = found.find((e) => `${e.type}:${e.id}` === key);
        if (!chosen) return;
        onChoose(chosen);
        setSearch('');
      }}
    />
  );
}
