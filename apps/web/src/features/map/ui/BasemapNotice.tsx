import { ActionIcon, Button, CloseButton, Group, Paper, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMapOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../../app/useCompact.ts';
import { watchBasemap } from '../adapter/basemap-status.ts';
import { useMapSession } from './editor-context.ts';

/**
 * A one-line note in the map's status bar when the base map is missing: without it a planner sees
 * elements on a flat colour and wonders whether the map is broken. Its details say why and
 * what fixes it; it is small enough not to be in the way of work on the map.
 */
export function BasemapNotice() {
  const { t } = useTranslation();
  const { view } = useMapSession();
  const [missing, setMissing] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // A phone's status bar has room for a sign, not a sentence.
  const compact = useCompact();
  useEffect(() => watchBasemap(view.map, setMissing), [view]);
  if (!missing || dismissed) return null;
  if (compact) {
    // A phone's status bar: one sign, its words and the way to hide it behind a tap.
    return (
      <Paper role="status" aria-label={t('map.basemapMissing.title')} radius="sm">
        <Popover width={260} position="top-start" withArrow shadow="md">
          <Popover.Target>
            <ActionIcon
              variant="light"
              color="orange"
              size="lg"
              aria-label={t('map.basemapMissing.details')}
            >
              <IconMapOff size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('map.basemapMissing.title')}
              </Text>
              <Text size="xs">{t('map.basemapMissing.body')}</Text>
              <Button size="compact-sm" variant="light" onClick={() => setDismissed(true)}>
                {t('map.phone.hideNotice')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Paper>
    );
  }
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
        <Text size="xs" fw={600} px={4} style={{ whiteSpace: 'nowrap' }}>
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
