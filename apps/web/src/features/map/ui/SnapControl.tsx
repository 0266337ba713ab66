import { Checkbox, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../../app/useCompact.ts';
import { SNAP_TOLERANCES_M } from '../core/snap-settings.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * Snapping on the toolbar (the phone: in the layer sheet): a switch, the tolerance, and
 * whether zone corners snap too. Kept in this browser for the next visit.
 */
export function SnapControl() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const compact = useCompact();
  const snapping = useEditorState((s) => s.snapping);
  const toggle = (
    <Switch
      size="sm"
      label={t('map.safety.snap.label')}
      checked={snapping.on}
      onChange={(event) => editor.setSnapping({ on: event.currentTarget.checked })}
    />
  );
  const tolerance = (
    <SegmentedControl
      size="xs"
      aria-label={t('map.safety.snap.tolerance')}
      disabled={!snapping.on}
      value={String(snapping.toleranceM)}
      onChange={(value) => editor.setSnapping({ toleranceM: Number(value) })}
      data={SNAP_TOLERANCES_M.map((m) => ({
        value: String(m),
        label: t('map.safety.snap.metres', { value: m }),
      }))}
    />
  );
  const zones = (
    <Checkbox
      size="xs"
      label={t('map.safety.snap.zones')}
      disabled={!snapping.on}
      checked={snapping.zones}
      onChange={(event) => editor.setSnapping({ zones: event.currentTarget.checked })}
    />
  );
  if (compact) {
    return (
      <Stack gap={6} role="group" aria-label={t('map.safety.snap.label')}>
        <Group gap="sm">
          {toggle}
          {tolerance}
        </Group>
        {zones}
        <Text size="xs" c="dimmed">
          {t('map.safety.snap.hint')}
        </Text>
      </Stack>
    );
  }
  return (
    <Group
      gap={6}
      wrap="nowrap"
      px={6}
      role="group"
      aria-label={t('map.safety.snap.label')}
      title={t('map.safety.snap.hint')}
    >
      {toggle}
      {tolerance}
      {zones}
    </Group>
  );
}
