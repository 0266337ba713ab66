import { Checkbox, Group, Image, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES } from '@integration/contracts';
import { defaultIconUrl } from '../adapter/element-features.ts';
import { MAP_TYPES, type MapType } from '../core/interaction.ts';
import { LiveLocationsCheckbox } from '../../realtime/LiveLocationsCheckbox.tsx';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * The layers list and the map type (SPEC §2): in the map's side panel on a desktop, in a
 * sheet on a phone, where two columns keep every checkbox in reach without scrolling.
 */
export function LayerControls({ columns = 1, title }: { columns?: number; title?: boolean }) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const layers = useEditorState((s) => s.layers);
  const mapType = useEditorState((s) => s.mapType);
  return (
    <Stack gap="sm">
      {title !== false ? (
        <Text fw={600} size="sm">
          {t('map.layers.title')}
        </Text>
      ) : null}
      <SimpleGrid
        cols={columns}
        spacing="xs"
        verticalSpacing={6}
        role="group"
        aria-label={t('map.layers.title')}
      >
        {ELEMENT_TYPES.map((type) => (
          <Checkbox
            key={type.internalName}
            size="xs"
            checked={layers[type.internalName]}
            onChange={(e) => editor.setLayer(type.internalName, e.currentTarget.checked)}
            label={
              <Group gap={6} wrap="nowrap">
                {type.geometry === 'point' ? (
                  <Image src={defaultIconUrl(type.segment)} w={14} h={18} fit="contain" alt="" />
                ) : null}
                <span>{t(`map.types.${type.internalName}`)}</span>
              </Group>
            }
          />
        ))}
        <LiveLocationsCheckbox />
      </SimpleGrid>
      <Radio.Group
        label={t('map.mapType.title')}
        value={mapType}
        onChange={(value) => editor.setMapType(value as MapType)}
      >
        <SimpleGrid cols={columns} spacing="xs" verticalSpacing={6} mt={6}>
          {MAP_TYPES.map((type) => (
            <Radio key={type} size="xs" value={type} label={t(`map.mapType.${type}`)} />
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
