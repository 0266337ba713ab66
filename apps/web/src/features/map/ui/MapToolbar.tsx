import { Divider, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ElementTypeName } from '@integration/contracts';
import type { DrawTool, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { PointTypeSelect } from './PointTypeSelect.tsx';
import { SnapControl } from './SnapControl.tsx';
import { ToolButton } from './ToolButton.tsx';
import { useToolbar } from './toolbar-model.ts';

const MODES: ToolbarMode[] = [
  'delete',
  'editMarker',
  'getInfo',
  'editLine',
  'editZone',
  'createRoute',
];
const DRAW: (DrawTool | 'none')[] = ['marker', 'polyline', 'polygon', 'rectangle', 'none'];
const MEASURE: MeasureTool[] = ['coordinates', 'distance', 'area', 'route'];

/** Toolbar modes, drawing tools, measuring tools, undo and redo. */
export function MapToolbar({
  pointType,
  onPointType,
}: {
  pointType: ElementTypeName;
  onPointType(t: ElementTypeName): void;
}) {
  const { t } = useTranslation();
  const bar = useToolbar(pointType);
  // A read-only map keeps what reads: Get Info, the measuring tools (and search, layers and
  // export beside the toolbar); nothing that would be refused on save is offered.
  return (
    <Paper shadow="sm" p={4} radius="md" withBorder>
      <Group gap={2} wrap="wrap">
        <Group gap={2} role="toolbar" aria-label={t('map.toolbar.label')}>
          {bar.modes(MODES).map((mode) => (
            <ToolButton key={mode} {...bar.mode(mode)} />
          ))}
        </Group>
        {bar.canEdit ? (
          <>
            <Divider orientation="vertical" />
            <Group gap={2} role="toolbar" aria-label={t('map.draw.label')}>
              {DRAW.map((tool) => (
                <ToolButton key={tool} {...bar.draw(tool)} />
              ))}
              <PointTypeSelect
                value={pointType}
                onChange={(next) => {
                  onPointType(next);
                  bar.choosePointType(next);
                }}
              />
              <SnapControl />
            </Group>
          </>
        ) : null}
        <Divider orientation="vertical" />
        <Group gap={2} role="toolbar" aria-label={t('map.tools.label')}>
          {MEASURE.map((tool) => (
            <ToolButton key={tool} {...bar.measure(tool)} />
          ))}
          {bar.canEdit ? (
            <>
              <ToolButton {...bar.undo} />
              <ToolButton {...bar.redo} />
            </>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
