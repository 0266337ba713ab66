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
import { notify } from '../../../app/notify.ts';
import type { DrawTool, Interaction, MeasureTool, ToolbarMode } from '../core/interaction.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

export type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** One entry per toolbar mode: label key and icon (SPEC §2). */
export const MODES: Record<ToolbarMode, Icon> = {
  delete: IconTrash,
  editMarker: IconMapPin,
  getInfo: IconInfoCircle,
  editLine: IconTimeline,
  editZone: IconVectorTriangle,
  createRoute: IconRoute,
};

export const DRAW: Record<DrawTool | 'none', Icon> = {
  marker: IconCrosshair,
  polyline: IconLine,
  polygon: IconPolygon,
  rectangle: IconSquare,
  none: IconHandStop,
};

export const MEASURE: Record<MeasureTool, Icon> = {
  coordinates: IconTopologyStar3,
  distance: IconRuler2,
  area: IconDimensions,
  route: IconRulerMeasure,
};

export const UNDO_ICON = IconArrowBackUp;
export const REDO_ICON = IconArrowForwardUp;

export function isActive(interaction: Interaction, kind: Interaction['kind'], id: string): boolean {
  if (interaction.kind !== kind) return false;
  if (interaction.kind === 'mode') return interaction.mode === id;
  if (interaction.kind === 'draw' || interaction.kind === 'measure') return interaction.tool === id;
  return false;
}

/** What the toolbar's buttons do, shared by the desktop toolbar and the compact one. */
export function useToolbar(pointType: ElementTypeName) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const interaction = useEditorState((s) => s.interaction);
  const canUndo = useEditorState((s) => s.canUndo);
  const canRedo = useEditorState((s) => s.canRedo);
  return {
    interaction,
    canUndo,
    canRedo,
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    chooseMode(mode: ToolbarMode) {
      editor.toggleMode(mode);
      if (mode === 'createRoute' && editor.get().interaction.kind === 'mode') {
        notify.success(t('map.toolbar.createRouteLater'), t('map.toolbar.createRoute'));
      }
    },
    chooseDraw(tool: DrawTool | 'none') {
      editor.setInteraction(
        tool === 'none' || isActive(interaction, 'draw', tool)
          ? { kind: 'idle' }
          : { kind: 'draw', tool, pointType },
      );
    },
    chooseMeasure(tool: MeasureTool) {
      editor.setInteraction(
        isActive(interaction, 'measure', tool) ? { kind: 'idle' } : { kind: 'measure', tool },
      );
    },
    /** A new point type; a marker tool already on draws that type from now on. */
    choosePointType(next: ElementTypeName) {
      if (isActive(interaction, 'draw', 'marker')) {
        editor.setInteraction({ kind: 'draw', tool: 'marker', pointType: next });
      }
    },
  };
}
