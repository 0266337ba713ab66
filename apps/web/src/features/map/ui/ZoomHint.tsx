import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../../app/useCompact.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * 'Zoom in to edit' where the view is too far out to edit: below the editing zoom the network
 * is drawn simplified (cables, zone outlines, clusters of markers) and nothing is picked, so
 * the map says why a click does nothing and offers the way in.
 */
export function ZoomHint() {
  const { t } = useTranslation();
  const { view } = useMapSession();
  const canEdit = useEditorState((s) => s.canEdit);
  const compact = useCompact();
  const [tooFar, setTooFar] = useState(false);

  useEffect(() => {
    let live = true;
    let off: () => void = () => undefined;
    // From the first frame drawn once the page has framed the cluster: not over the
    // world-wide view the map starts from.
    void view.ready.then(() => {
      if (!live) return;
      view.map.once('idle', () => {
        if (!live) return;
        setTooFar(!view.canEditAtZoom());
        off = view.onZoom((zoom) => setTooFar(!view.canEditAtZoom(zoom)));
      });
    });
    return () => {
      live = false;
      off();
    };
  }, [view]);

  if (!tooFar) return null;
  const label = t(canEdit ? 'map.reading.zoomHint.edit' : 'map.reading.zoomHint.details');
  return (
    // Centred above the map's bottom edge; on a phone above its status bar and attribution.
    <Box
      pos="absolute"
      left={0}
      right={0}
      bottom={compact ? 190 : 80}
      style={{ zIndex: 2, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
    >
      <Paper
        role="status"
        aria-label={label}
        shadow="sm"
        radius="xl"
        px="md"
        py={6}
        withBorder
        style={{ pointerEvents: 'auto' }}
        title={t('map.reading.zoomHint.why', { zoom: Math.ceil(view.editingZoom) })}
      >
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconZoomIn size={16} />}
            onClick={() => view.zoomToEdit()}
          >
            {t('map.reading.zoomHint.action')}
          </Button>
        </Group>
      </Paper>
    </Box>
  );
}
