import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchBasemap } from '../adapter/basemap-status.ts';
import { useMapSession } from './editor-context.ts';

/**
 * A small note where the base map should be: without it a planner sees elements on a flat
 * colour and wonders whether the map is broken. It says why and what fixes it.
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
      style={{ pointerEvents: 'auto' }}
      shadow="xs"
      radius="sm"
      px="xs"
      py={4}
      maw={300}
      withBorder
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapOff size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <div>
          <Text size="xs" fw={600}>
            {t('map.basemapMissing.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('map.basemapMissing.body')}
          </Text>
        </div>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={() => setDismissed(true)} />
      </Group>
    </Paper>
  );
}
