import { ActionIcon, Box, Drawer, Group, Menu, Paper, Stack } from '@mantine/core';
import { IconCheck, IconDots, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementTypeName } from '@integration/contracts';
import type { DrawTool, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { useEditorState } from './editor-context.ts';
import { ElementSearch } from './ElementSearch.tsx';
import { LayerControls } from './LayerControls.tsx';
import { MapLegend } from './MapLegend.tsx';
import { PointTypeSelect } from './PointTypeSelect.tsx';
import { SnapControl } from './SnapControl.tsx';
import { ToolButton } from './ToolButton.tsx';
import { useToolbar, type Tool } from './toolbar-model.ts';

/** What a field crew does most on a phone keeps a button; the rest is one tap away. */
const COMMON_MODES: ToolbarMode[] = ['getInfo', 'editMarker'];
const MORE_MODES: ToolbarMode[] = ['delete', 'editLine', 'editZone', 'createRoute'];
const MORE_DRAW: (DrawTool | 'none')[] = ['polyline', 'polygon', 'rectangle', 'none'];
const MEASURE: MeasureTool[] = ['coordinates', 'distance', 'area', 'route'];

function MoreItem({ label, icon: Glyph, active, disabled, onClick }: Tool) {
  return (
    <Menu.Item
      leftSection={<Glyph size={18} />}
      rightSection={active ? <IconCheck size={16} aria-hidden /> : null}
      aria-current={active ? 'true' : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Menu.Item>
  );
}

/**
 * The map's controls below the menu breakpoint: one row of the common tools with an overflow
 * menu, the search and point type under it, and the layers (with import and export) in a
 * bottom sheet. The map keeps the rest of the screen.
 */
export function CompactMapControls({
  pointType,
  onPointType,
  files,
  more,
}: {
  pointType: ElementTypeName;
  onPointType(t: ElementTypeName): void;
  files: React.ReactNode;
  /** The cluster's own screens (its loss budget, its central office), last in More. */
  more?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  // Elements selected from the sheet (a GraceTHD check's "Show on map") are for seeing: the
  // sheet steps aside so that the map shows them whole.
  const selection = useEditorState((s) => s.selection);
  const [seenSelection, setSeenSelection] = useState(selection);
  if (seenSelection !== selection) {
    setSeenSelection(selection);
    if (selection.length && sheet) setSheet(false);
  }
  const bar = useToolbar(pointType);
  return (
    <Stack gap={6} w="100%">
      <Paper shadow="sm" p={2} radius="md" withBorder>
        <Group
          gap={0}
          wrap="nowrap"
          justify="space-between"
          role="toolbar"
          aria-label={t('map.toolbar.label')}
        >
          <ToolButton
            label={t('map.layers.title')}
            icon={IconStack2}
            onClick={() => setSheet(true)}
          />
          {bar.modes(COMMON_MODES).map((mode) => (
            <ToolButton key={mode} {...bar.mode(mode)} />
          ))}
          {bar.canEdit ? (
            <>
              <ToolButton {...bar.draw('marker')} />
              <ToolButton {...bar.undo} />
            </>
          ) : (
            // A field crew's phone: measuring a distance is one tap, like Get Info.
            <ToolButton {...bar.measure('distance')} />
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon size="lg" variant="subtle" aria-label={t('map.toolbar.more')}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown mah="70dvh" style={{ overflowY: 'auto' }}>
              {bar.canEdit ? (
                <>
                  <Menu.Label>{t('map.toolbar.label')}</Menu.Label>
                  {bar.modes(MORE_MODES).map((mode) => (
                    <MoreItem key={mode} {...bar.mode(mode)} />
                  ))}
                  <Menu.Label>{t('map.draw.label')}</Menu.Label>
                  {MORE_DRAW.map((tool) => (
                    <MoreItem key={tool} {...bar.draw(tool)} />
                  ))}
                </>
              ) : null}
              <Menu.Label>{t('map.tools.label')}</Menu.Label>
              {MEASURE.filter((tool) => bar.canEdit || tool !== 'distance').map((tool) => (
                <MoreItem key={tool} {...bar.measure(tool)} />
              ))}
              {bar.canEdit ? <MoreItem {...bar.redo} /> : null}
              {more}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Paper>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ElementSearch w="100%" />
        </Box>
        {bar.canEdit ? (
          <PointTypeSelect
            w={130}
            value={pointType}
            onChange={(next) => {
              onPointType(next);
              bar.choosePointType(next);
            }}
          />
        ) : null}
      </Group>
      <Drawer
        opened={sheet}
        onClose={() => setSheet(false)}
        position="bottom"
        size="60%"
        // Kept mounted: the import wizard started from the sheet lives in it. The map stays
        // in view above the sheet while layers are switched.
        keepMounted
        overlayProps={{ backgroundOpacity: 0.15 }}
        title={t('map.panel.label')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md" pb="md">
          <LayerControls columns={2} title={false} />
          <MapLegend />
          {bar.canEdit ? <SnapControl /> : null}
          {files}
        </Stack>
      </Drawer>
    </Stack>
  );
}
