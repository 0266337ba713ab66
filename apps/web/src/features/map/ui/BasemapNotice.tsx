import { ActionIcon, CloseButton, Group, Paper, Popover, Text } from '@mantine/core';
import { IconInfoCircle, IconMapOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchBasemap } from '../adapter/basemap-status.ts';
import { useMapSession } from './editor-context.ts';

/**
 * A one-line note by the scale where the base map should be: without it a planner sees
 * elements on a flat colour and wonders whether the map is broken. Its details say why and
 * what fixes it; it is small enough not to be in the way of work on the map.
 */
export function BasemapNotice() {
  const { t } = useTranslation();
  const { view } = useMapSession();
  const [missing, setMissing] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => watchBasemap(view.map, setMissing), [view]);
  if (!missing || dismissed) return null;
  return (
    <Paper
      role="status"
      shadow="xs"
      radius="sm"
      pl={6}
      withBorder
      style={{ pointerEvents: 'auto' }}
    >
      <Group gap={2} wrap="nowrap">
        <IconMapOff size={14} aria-hidden />
        <Text size="xs" fw={600} px={4}>
          {t('map.basemapMissing.title')}
        </Text>
        <Popover width={280} position="top-start" withArrow shadow="md">
          <Popover.Target>
            <ActionIcon variant="subtle" size="sm" aria-label={t('map.basemapMissing.details')}>
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="xs">{t('map.basemapMissing.body')}</Text>
          </Popover.Dropdown>
        </Popover>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={() => setDismissed(true)} />
      </Group>
    </Paper>
  );
}
