import { ActionIcon, Divider, Group, Paper, Select, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCrosshair,
  IconHandStop,
  IconInfoCircle,
  IconLine,
  IconMapPin,
  IconPolygon,
  IconRoute,
  IconRuler2,
  IconRulerMeasure,
  IconSquare,
  IconTimeline,
  IconTrash,
  IconVectorTriangle,
  IconDimensions,
  IconTopologyStar3,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES, type ElementTypeName } from '@integration/contracts';
import { notify } from '../../../app/notify.ts';
import type { DrawTool, Interaction, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** One entry per toolbar mode: label key and icon (SPEC §2). */
const MODES: Record<ToolbarMode, Icon> = {
  delete: IconTrash,
  editMarker: IconMapPin,
  getInfo: IconInfoCircle,
  editLine: IconTimeline,
  editZone: IconVectorTriangle,
  createRoute: IconRoute,
};

const DRAW: Record<DrawTool | 'none', Icon> = {
  marker: IconCrosshair,
  polyline: IconLine,
  polygon: IconPolygon,
  rectangle: IconSquare,
  none: IconHandStop,
};

const MEASURE: Record<MeasureTool, Icon> = {
  coordinates: IconTopologyStar3,
  distance: IconRuler2,
  area: IconDimensions,
  route: IconRulerMeasure,
};

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

function isActive(interaction: Interaction, kind: Interaction['kind'], id: string): boolean {
  if (interaction.kind !== kind) return false;
  if (interaction.kind === 'mode') return interaction.mode === id;
  if (interaction.kind === 'draw' || interaction.kind === 'measure') return interaction.tool === id;
  return false;
}

interface ToolButtonProps {
  label: string;
  icon: Icon;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}

function ToolButton({ label, icon: Glyph, active, disabled, onClick }: ToolButtonProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size="lg"
        variant={active ? 'filled' : 'subtle'}
        aria-label={label}
        aria-pressed={active ?? false}
        disabled={disabled}
        onClick={onClick}
      >
        <Glyph size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Toolbar modes, drawing tools, measuring tools, undo and redo. */
export function MapToolbar({
  pointType,
  onPointType,
}: {
  pointType: ElementTypeName;
  onPointType(t: ElementTypeName): void;
}) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const interaction = useEditorState((s) => s.interaction);
  const canUndo = useEditorState((s) => s.canUndo);
  const canRedo = useEditorState((s) => s.canRedo);

  const chooseMode = (mode: ToolbarMode) => {
    editor.toggleMode(mode);
    if (mode === 'createRoute' && editor.get().interaction.kind === 'mode') {
      notify.success(t('map.toolbar.createRouteLater'), t('map.toolbar.createRoute'));
    }
  };
  const chooseDraw = (tool: DrawTool | 'none') =>
    editor.setInteraction(
      tool === 'none' || isActive(interaction, 'draw', tool)
        ? { kind: 'idle' }
        : { kind: 'draw', tool, pointType },
    );
  const chooseMeasure = (tool: MeasureTool) =>
    editor.setInteraction(
      isActive(interaction, 'measure', tool) ? { kind: 'idle' } : { kind: 'measure', tool },
    );

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
              onClick={() => chooseMode(mode)}
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
              onClick={() => chooseDraw(tool)}
            />
          ))}
          <Select
            size="xs"
            w={150}
            aria-label={t('map.draw.pointType')}
            value={pointType}
            allowDeselect={false}
            data={POINT_TYPES.map((type) => ({
              value: type.internalName,
              label: t(`map.types.${type.internalName}`),
            }))}
            onChange={(value) => {
              if (!value) return;
              const next = value as ElementTypeName;
              onPointType(next);
              if (isActive(interaction, 'draw', 'marker')) {
                editor.setInteraction({ kind: 'draw', tool: 'marker', pointType: next });
              }
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
              onClick={() => chooseMeasure(tool)}
            />
          ))}
          <ToolButton
            label={t('map.toolbar.undo')}
            icon={IconArrowBackUp}
            disabled={!canUndo}
            onClick={() => editor.undo()}
          />
          <ToolButton
            label={t('map.toolbar.redo')}
            icon={IconArrowForwardUp}
            disabled={!canRedo}
            onClick={() => editor.redo()}
          />
        </Group>
      </Group>
    </Paper>
  );
}
