import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconChevronDown, IconMagnet, IconMagnetOff } from '@tabler/icons-react';
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
  // The desktop toolbar keeps one row: a magnet switch, and its tolerance in a menu.
  const Glyph = snapping.on ? IconMagnet : IconMagnetOff;
  return (
    <Group gap={0} wrap="nowrap" role="group" aria-label={t('map.safety.snap.label')}>
      <Tooltip label={t('map.safety.snap.hint')} withArrow multiline w={240}>
        <ActionIcon
          size="lg"
          role="switch"
          aria-checked={snapping.on}
          aria-label={t('map.safety.snap.label')}
          variant={snapping.on ? 'light' : 'subtle'}
          color={snapping.on ? 'orange' : 'gray'}
          onClick={() => editor.setSnapping({ on: !snapping.on })}
        >
          <Glyph size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-start" withinPortal closeOnItemClick={false}>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            px={4}
            disabled={!snapping.on}
            rightSection={<IconChevronDown size={14} />}
            aria-label={`${t('map.safety.snap.tolerance')}: ${t('map.safety.snap.metres', { value: snapping.toleranceM })}`}
          >
            {t('map.safety.snap.metres', { value: snapping.toleranceM })}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('map.safety.snap.tolerance')}</Menu.Label>
          {SNAP_TOLERANCES_M.map((m) => (
            <Menu.Item
              key={m}
              role="menuitemradio"
              aria-checked={snapping.toleranceM === m}
              rightSection={snapping.toleranceM === m ? <IconCheck size={14} /> : null}
              onClick={() => editor.setSnapping({ toleranceM: m })}
            >
              {t('map.safety.snap.metres', { value: m })}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            role="menuitemcheckbox"
            aria-checked={snapping.zones}
            rightSection={snapping.zones ? <IconCheck size={14} /> : null}
            onClick={() => editor.setSnapping({ zones: !snapping.zones })}
          >
            {t('map.safety.snap.zones')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
