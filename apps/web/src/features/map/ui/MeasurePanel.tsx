import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { IconCopy, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { formatLatLng } from '../core/editor-element.ts';
import { formatArea, formatDistance } from '../core/geo.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/** What the measuring tools read: coordinates (with copy), distance, area, route length. */
export function MeasurePanel() {
  const { t, i18n } = useTranslation();
  const { editor } = useMapSession();
  const interaction = useEditorState((s) => s.interaction);
  const measurement = useEditorState((s) => s.measurement);
  if (interaction.kind !== 'measure') return null;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('map.toast.copied'));
    } catch {
      notify.error(t('map.toast.copyFailed'));
    }
  };

  let reading: string | null = null;
  const first = measurement?.points[0];
  if (measurement?.tool === 'coordinates' && first) reading = formatLatLng(first);
  else if (measurement?.tool === 'distance' && measurement.points.length > 1)
    reading = t('map.measure.distanceValue', {
      value: formatDistance(measurement.value, i18n.language),
    });
  else if (measurement?.tool === 'area' && measurement.points.length > 2)
    reading = t('map.measure.areaValue', { value: formatArea(measurement.value, i18n.language) });
  else if (measurement?.tool === 'route')
    reading = t('map.measure.routeValue', {
      value: formatDistance(measurement.value, i18n.language),
    });

  return (
    <Paper
      shadow="sm"
      p="xs"
      radius="md"
      withBorder
      maw={420}
      aria-label={t('map.measure.title')}
      role="region"
    >
      {/* A reading stays on one line (a coordinate cut after its comma reads as two numbers);
          the buttons go under it when the panel is narrow. */}
      <Group gap="xs" justify="space-between">
        <Text
          size="sm"
          aria-live="polite"
          data-testid="measurement"
          style={reading ? { whiteSpace: 'nowrap' } : undefined}
        >
          {reading ?? t(`map.measure.${interaction.tool}`)}
        </Text>
        <Group gap={2} wrap="nowrap">
          {measurement?.tool === 'coordinates' && reading ? (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconCopy size={14} />}
              onClick={() => void copy(reading)}
            >
              {t('map.measure.copy')}
            </Button>
          ) : null}
          {measurement ? (
            <ActionIcon
              variant="subtle"
              aria-label={t('map.measure.clear')}
              onClick={() => editor.measure(null)}
            >
              <IconX size={16} />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
