import { ActionIcon, Paper, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayerControls } from './LayerControls.tsx';
import { MapLegend } from './MapLegend.tsx';

/** The map's own sidebar (SPEC §2): layers list and map type, open by default, collapsible. */
export function MapSidePanel() {
  const { t } = useTranslation();
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
      pos="relative"
      // The legend opened under the layers scrolls within the map, clear of the status bar and
      // the scale above it (top bar, toolbar and file row above; about 280 px in all).
      mah="calc(100dvh - 280px)"
      style={{ overflowY: 'auto' }}
    >
      <ActionIcon
        variant="subtle"
        pos="absolute"
        top={8}
        right={8}
        aria-label={t('map.panel.hide')}
        onClick={() => setOpen(false)}
      >
        <IconLayoutSidebarLeftCollapse size={18} />
      </ActionIcon>
      <LayerControls />
      <MapLegend />
    </Paper>
  );
}
