import { createStore } from 'zustand/vanilla';
import {
  ELEMENT_TYPE_NAMES,
  type ElementTypeName,
  type LatLng,
  type MapElement,
} from '@integration/contracts';
import type { Interaction, MapType } from './interaction.ts';
import type { SaveState } from './save-queue.ts';
import { DEFAULT_SNAP, type SnapSettings } from './snap-settings.ts';

export interface Measurement {
  tool: 'coordinates' | 'distance' | 'area' | 'route';
  points: LatLng[];
  /** Metres for distance and route length, square metres for area. */
  value: number;
}

export interface ConflictEntry {
  key: string;
  mine: { name: string; coordinates: unknown; attributes: unknown };
  theirs: MapElement;
}

export interface SnapQuestion {
  key: string;
  targetName: string;
  metres: number;
}

/** What the screens show of the editor; changed only by the Editor. */
export interface EditorState {
  status: 'loading' | 'ready' | 'failed';
  interaction: Interaction;
  selection: string[];
  layers: Record<ElementTypeName, boolean>;
  mapType: MapType;
  save: { state: SaveState; pending: number; message?: string };
  canUndo: boolean;
  canRedo: boolean;
  /** Element whose detail modal is open, and whether it opened for editing. */
  detail: { key: string; editing: boolean } | null;
  /** Several elements under one click: the select-element modal lists them. */
  candidates: string[] | null;
  conflicts: ConflictEntry[];
  snapQuestion: SnapQuestion | null;
  measurement: Measurement | null;
  /** Bumped when elements change, for lists that show them. */
  revision: number;
  /**
   * Whether this user may change elements of the open cluster (the server's rule, from the
   * cluster's `canEdit`): when false the map is read-only and no edit is ever queued.
   */
  canEdit: boolean;
  /** The element handed to the map for dragging or reshaping, always named on screen. */
  editing: string | null;
  /**
   * Elements the user asked to delete, waiting for the confirmation that names them;
   * `insideZone` when a zone was picked by a click inside it rather than on its edge.
   */
  deleteRequest: { keys: string[]; insideZone: boolean } | null;
  snapping: SnapSettings;
}

export const allLayersOn = () =>
  Object.fromEntries(ELEMENT_TYPE_NAMES.map((n) => [n, true])) as Record<ElementTypeName, boolean>;

export const createEditorState = (mapType: MapType = 'terrain') =>
  createStore<EditorState>(() => ({
    status: 'loading',
    interaction: { kind: 'idle' },
    selection: [],
    layers: allLayersOn(),
    mapType,
    save: { state: 'saved', pending: 0 },
    canUndo: false,
    canRedo: false,
    detail: null,
    candidates: null,
    conflicts: [],
    snapQuestion: null,
    measurement: null,
    revision: 0,
    canEdit: true,
    editing: null,
    deleteRequest: null,
    snapping: DEFAULT_SNAP,
  }));

export type EditorStore = ReturnType<typeof createEditorState>;
