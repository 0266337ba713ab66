import { Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, useMapSession } from './editor-context.ts';

const LIMIT = 30;

/** Find an element by name across every type; choosing one zooms to it and selects it. */
export function ElementSearch({ w = 260 }: { w?: number | string }) {
  const { t } = useTranslation();
  const { editor, controller } = useMapSession();
  // Re-render when elements change: the collection itself is mutable.
  useEditorState((s) => s.revision);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const data: { value: string; label: string }[] = [];
  if (needle) {
    for (const e of editor.collection.visible()) {
      if (!e.name.toLowerCase().includes(needle)) continue;
      data.push({ value: e.key, label: `${e.name} · ${t(`map.types.${e.type}`)}` });
      if (data.length >= LIMIT) break;
    }
  }
  return (
    <Select
      w={w}
      searchable
      clearable
      aria-label={t('map.tools.search')}
      placeholder={t('map.tools.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={search.trim() ? t('map.tools.noResults') : undefined}
      filter={({ options }) => options}
      onChange={(key) => {
        if (!key) return;
        controller.reveal(key);
        setSearch('');
      }}
    />
  );
}
