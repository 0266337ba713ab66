import type { ElementTypeName } from '@integration/contracts';

/** Toolbar modes of SPEC §2; only one is active at a time. */
export const TOOLBAR_MODES = [
  'delete',
  'editMarker',
  'getInfo',
  'editLine',
  'editZone',
  'createRoute',
] as const;
export type ToolbarMode = (typeof TOOLBAR_MODES)[number];

/** Drawing tools of SPEC §2 ('none' is the absence of one). */
export const DRAW_TOOLS = ['marker', 'polygon', 'polyline', 'rectangle'] as const;
export type DrawTool = (typeof DRAW_TOOLS)[number];

/** Coordinates, distance, area, and the length of a selected cable (route length). */
export const MEASURE_TOOLS = ['coordinates', 'distance', 'area', 'route'] as const;
export type MeasureTool = (typeof MEASURE_TOOLS)[number];

/**
 * What a click on the map means right now: one state, never a set of flags to keep in sync.
 * Toolbar modes, drawing tools and measuring tools exclude each other.
 */
export type Interaction =
  | { kind: 'idle' }
  | { kind: 'mode'; mode: ToolbarMode }
  | { kind: 'draw'; tool: DrawTool; pointType: ElementTypeName }
  | { kind: 'measure'; tool: MeasureTool };

export const MAP_TYPES = ['terrain', 'satellite', 'roadmap', 'hybrid'] as const;
export type MapType = (typeof MAP_TYPES)[number];

/** A value refused by the rules of SPEC §5, with the catalogue key of its message. */
export class InvalidChoice extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

/** SPEC §5: terrain, roadmap, satellite or hybrid, case-insensitive. */
export function parseMapType(value: string): MapType {
  const lower = value.trim().toLowerCase();
  if ((MAP_TYPES as readonly string[]).includes(lower)) return lower as MapType;
  throw new InvalidChoice('map.errors.invalidMapType');
}

/** SPEC §5: marker, polygon, polyline, rectangle or none (null). */
export function parseDrawTool(value: string | null): DrawTool | null {
  if (value === null || value === 'none') return null;
  if ((DRAW_TOOLS as readonly string[]).includes(value)) return value as DrawTool;
  throw new InvalidChoice('map.errors.invalidTool');
}

/** The toolbar mode a new drawing leads to (SPEC §4). */
export function modeAfterDrawing(tool: DrawTool): ToolbarMode | null {
  if (tool === 'polyline') return 'editLine';
  if (tool === 'polygon') return 'editZone';
  if (tool === 'marker') return 'editMarker';
  return null;
}
