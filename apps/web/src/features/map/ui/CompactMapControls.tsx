import { ActionIcon, Box, Drawer, Group, Menu, Paper, Stack } from '@mantine/core';
import { IconCheck, IconDots, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementTypeName } from '@integration/contracts';
import type { DrawTool, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { ElementSearch } from './ElementSearch.tsx';
import { LayerControls } from './LayerControls.tsx';
import { PointTypeSelect } from './PointTypeSelect.tsx';
import { ToolButton } from './ToolButton.tsx';
import {
  DRAW,
  isActive,
  MEASURE,
  MODES,
  REDO_ICON,
  UNDO_ICON,
  useToolbar,
  type Icon,
} from './toolbar-model.ts';

/** What a field crew does most on a phone keeps a button; the rest is one tap away. */
const COMMON_MODES: ToolbarMode[] = ['getInfo', 'editMarker'];
const MORE_MODES: ToolbarMode[] = ['delete', 'editLine', 'editZone', 'createRoute'];
const MORE_DRAW: (DrawTool | 'none')[] = ['polyline', 'polygon', 'rectangle', 'none'];

function MoreItem({
  label,
  icon: Glyph,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: Icon;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
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
}: {
  pointType: ElementTypeName;
  onPointType(t: ElementTypeName): void;
  files: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const bar = useToolbar(pointType);
  const { interaction } = bar;
  const drawOn = (tool: DrawTool | 'none') =>
    tool === 'none' ? interaction.kind === 'idle' : isActive(interaction, 'draw', tool);
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
          {COMMON_MODES.map((mode) => (
            <ToolButton
              key={mode}
              label={t(`map.toolbar.${mode}`)}
              icon={MODES[mode]}
              active={isActive(interaction, 'mode', mode)}
              onClick={() => bar.chooseMode(mode)}
            />
          ))}
          <ToolButton
            label={t('map.draw.marker')}
            icon={DRAW.marker}
            active={drawOn('marker')}
            onClick={() => bar.chooseDraw('marker')}
          />
          <ToolButton
            label={t('map.toolbar.undo')}
            icon={UNDO_ICON}
            disabled={!bar.canUndo}
            onClick={bar.undo}
          />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon size="lg" variant="subtle" aria-label={t('map.toolbar.more')}>
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown mah="70dvh" style={{ overflowY: 'auto' }}>
              <Menu.Label>{t('map.toolbar.label')}</Menu.Label>
              {MORE_MODES.map((mode) => (
                <MoreItem
                  key={mode}
                  label={t(`map.toolbar.${mode}`)}
                  icon={MODES[mode]}
                  active={isActive(interaction, 'mode', mode)}
                  onClick={() => bar.chooseMode(mode)}
                />
              ))}
              <Menu.Label>{t('map.draw.label')}</Menu.Label>
              {MORE_DRAW.map((tool) => (
                <MoreItem
                  key={tool}
                  label={t(`map.draw.${tool}`)}
                  icon={DRAW[tool]}
                  active={drawOn(tool)}
                  onClick={() => bar.chooseDraw(tool)}
                />
              ))}
              <Menu.Label>{t('map.tools.label')}</Menu.Label>
              {(Object.keys(MEASURE) as MeasureTool[]).map((tool) => (
                <MoreItem
                  key={tool}
                  label={t(`map.tools.${tool}`)}
                  icon={MEASURE[tool]}
                  active={isActive(interaction, 'measure', tool)}
                  onClick={() => bar.chooseMeasure(tool)}
                />
              ))}
              <MoreItem
                label={t('map.toolbar.redo')}
                icon={REDO_ICON}
                disabled={!bar.canRedo}
                onClick={bar.redo}
              />
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Paper>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <ElementSearch w="100%" />
        </Box>
        <PointTypeSelect
          w={130}
          value={pointType}
          onChange={(next) => {
            onPointType(next);
            bar.choosePointType(next);
          }}
        />
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
          {files}
        </Stack>
      </Drawer>
    </Stack>
  );
}
