import { Divider, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ElementTypeName } from '@integration/contracts';
import type { DrawTool, MeasureTool, ToolbarMode } from '../core/interaction.ts';
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
} from './toolbar-model.ts';

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
  const { interaction } = bar;
  return (
    <Paper shadow="sm" p={4} radius="md" withBorder>
      <Group gap={2} wrap="wrap">
        <Group gap={2} role="toolbar" aria-label={t('map.toolbar.label')}>
          {(Object.keys(MODES) as ToolbarMode[]).map((mode) => (
            <ToolButton
              key={mode}
              label={t(`map.toolbar.${mode}`)}
              icon={MODES[mode]}
              active={isActive(interaction, 'mode', mode)}
              onClick={() => bar.chooseMode(mode)}
            />
          ))}
        </Group>
        <Divider orientation="vertical" />
        <Group gap={2} role="toolbar" aria-label={t('map.draw.label')}>
          {(Object.keys(DRAW) as (DrawTool | 'none')[]).map((tool) => (
            <ToolButton
              key={tool}
              label={t(`map.draw.${tool}`)}
              icon={DRAW[tool]}
              active={
                tool === 'none' ? interaction.kind === 'idle' : isActive(interaction, 'draw', tool)
              }
              onClick={() => bar.chooseDraw(tool)}
            />
          ))}
          <PointTypeSelect
            value={pointType}
            onChange={(next) => {
              onPointType(next);
              bar.choosePointType(next);
            }}
          />
        </Group>
        <Divider orientation="vertical" />
        <Group gap={2} role="toolbar" aria-label={t('map.tools.label')}>
          {(Object.keys(MEASURE) as MeasureTool[]).map((tool) => (
            <ToolButton
              key={tool}
              label={t(`map.tools.${tool}`)}
              icon={MEASURE[tool]}
              active={isActive(interaction, 'measure', tool)}
              onClick={() => bar.chooseMeasure(tool)}
            />
          ))}
          <ToolButton
            label={t('map.toolbar.undo')}
            icon={UNDO_ICON}
            disabled={!bar.canUndo}
            onClick={bar.undo}
          />
          <ToolButton
            label={t('map.toolbar.redo')}
            icon={REDO_ICON}
            disabled={!bar.canRedo}
            onClick={bar.redo}
          />
        </Group>
      </Group>
    </Paper>
  );
}
