import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCrosshair,
  IconDimensions,
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
  IconTopologyStar3,
  IconTrash,
  IconVectorTriangle,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementTypeName } from '@integration/contracts';
import type { DrawTool, Interaction, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

export type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** One icon per toolbar mode, drawing tool and measuring tool (SPEC §2). */
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

function isActive(interaction: Interaction, kind: Interaction['kind'], id: string): boolean {
  if (interaction.kind !== kind) return false;
  if (interaction.kind === 'mode') return interaction.mode === id;
  if (interaction.kind === 'draw' || interaction.kind === 'measure') return interaction.tool === id;
  return false;
}

/**
 * The toolbar modes a read-only map keeps (viewers, field users, planners of another
 * cluster): finding things and reading them. Everything that changes an element is left out
 * rather than shown and then refused by the server.
 */
export const READ_ONLY_MODES: readonly ToolbarMode[] = ['getInfo'];

/** Whether a user who may (not) edit sees this toolbar mode. */
export const modeShown = (mode: ToolbarMode, canEdit: boolean) =>
  canEdit || READ_ONLY_MODES.includes(mode);

/** A tool as a button or a menu item shows it. */
export interface Tool {
  label: string;
  icon: Icon;
  active: boolean;
  disabled?: boolean;
  onClick(): void;
}

/**
 * Every tool of the toolbar with its label, icon, state and action: the desktop toolbar shows
 * them all as buttons, the compact one some as buttons and the rest in a menu.
 */
export function useToolbar(pointType: ElementTypeName) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const interaction = useEditorState((s) => s.interaction);
  const canUndo = useEditorState((s) => s.canUndo);
  const canRedo = useEditorState((s) => s.canRedo);
  const canEdit = useEditorState((s) => s.canEdit);
  return {
    /** False on a read-only map: drawing, editing modes, undo and redo are not shown. */
    canEdit,
    /** The modes this user sees, in the order given. */
    modes: (modes: readonly ToolbarMode[]) => modes.filter((m) => modeShown(m, canEdit)),
    mode: (mode: ToolbarMode): Tool => ({
      label: t(`map.toolbar.${mode}`),
      icon: MODES[mode],
      active: isActive(interaction, 'mode', mode),
      onClick: () => editor.toggleMode(mode),
    }),
    draw: (tool: DrawTool | 'none'): Tool => ({
      label: t(`map.draw.${tool}`),
      icon: DRAW[tool],
      active: tool === 'none' ? interaction.kind === 'idle' : isActive(interaction, 'draw', tool),
      onClick: () => {
        if (!canEdit) return;
        editor.setInteraction(
          tool === 'none' || isActive(interaction, 'draw', tool)
            ? { kind: 'idle' }
            : { kind: 'draw', tool, pointType },
        );
      },
    }),
    measure: (tool: MeasureTool): Tool => ({
      label: t(`map.tools.${tool}`),
      icon: MEASURE[tool],
      active: isActive(interaction, 'measure', tool),
      onClick: () =>
        editor.setInteraction(
          isActive(interaction, 'measure', tool) ? { kind: 'idle' } : { kind: 'measure', tool },
        ),
    }),
    undo: {
      label: t('map.toolbar.undo'),
      icon: IconArrowBackUp,
      active: false,
      disabled: !canUndo,
      onClick: () => editor.undo(),
    } satisfies Tool,
    redo: {
      label: t('map.toolbar.redo'),
      icon: IconArrowForwardUp,
      active: false,
      disabled: !canRedo,
      onClick: () => editor.redo(),
    } satisfies Tool,
    /** A new point type; a marker tool already on draws that type from now on. */
    choosePointType(next: ElementTypeName) {
      if (isActive(interaction, 'draw', 'marker')) {
        editor.setInteraction({ kind: 'draw', tool: 'marker', pointType: next });
      }
    },
  };
}
