import {
  ActionIcon,
  Checkbox,
  Group,
  Image,
  Paper,
  Radio,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES } from '@integration/contracts';
import { defaultIconUrl } from '../adapter/element-features.ts';
import { MAP_TYPES, type MapType } from '../core/interaction.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/** The map's own sidebar (SPEC §2): layers list and map type, open by default, collapsible. */
export function MapSidePanel() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const layers = useEditorState((s) => s.layers);
  const mapType = useEditorState((s) => s.mapType);
  const [open, setOpen] = useState(true);

  if (!open) {
    return (
      <Tooltip label={t('map.panel.show')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('map.panel.show')}
          onClick={() => setOpen(true)}
        >
          <IconLayoutSidebarLeftExpand size={20} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Paper
      component="aside"
      aria-label={t('map.panel.label')}
      shadow="sm"
      p="sm"
      radius="md"
      withBorder
      w={210}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" id="map-layers-title">
            {t('map.layers.title')}
          </Text>
          <ActionIcon
            variant="subtle"
            aria-label={t('map.panel.hide')}
            onClick={() => setOpen(false)}
          >
            <IconLayoutSidebarLeftCollapse size={18} />
          </ActionIcon>
        </Group>
        <Stack gap={6} role="group" aria-labelledby="map-layers-title">
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
        </Stack>
        <Radio.Group
          label={t('map.mapType.title')}
          value={mapType}
          onChange={(value) => editor.setMapType(value as MapType)}
        >
          <Stack gap={6} mt={6}>
            {MAP_TYPES.map((type) => (
              <Radio key={type} size="xs" value={type} label={t(`map.mapType.${type}`)} />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
