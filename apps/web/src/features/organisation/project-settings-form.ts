import {
  projectSettingsSchema,
  type ColourScheme,
  type ProjectPhase,
  type ProjectSettings,
  type UpdateProjectBody,
} from '@integration/contracts';
import {
  LOSS_FIELDS,
  lossDraft,
  lossesOf,
  lossValid,
  sameLosses,
  type LossDraft,
  type LossKey,
  type Typed,
} from './loss-fields.ts';

/** ConfigureProject's values: the project's name and its settings (contracts). */
export type ProjectValues = { name: string } & ProjectSettings;

/** The form as typed: numbers may be empty or out of bounds until they are fixed. */
export interface ProjectDraft {
  name: string;
  zoom: Typed;
  currency: string;
  /** Null: the first base map (the project has not chosen one). */
  basemap: string | null;
  phase: ProjectPhase;
  colourScheme: ColourScheme;
  losses: LossDraft;
}

const zoomSchema = projectSettingsSchema.shape.zoom;
export const ZOOM_MIN = zoomSchema.minValue ?? 0;
export const ZOOM_MAX = zoomSchema.maxValue ?? 24;

export const draftOf = ({ losses, ...values }: ProjectValues): ProjectDraft => ({
  ...values,
  losses: lossDraft(losses),
});

export const zoomValid = (zoom: Typed): zoom is number =>
  typeof zoom === 'number' && Number.isInteger(zoom) && zoom >= ZOOM_MIN && zoom <= ZOOM_MAX;

/** The fields the form refuses as they stand (shown under each, Save disabled meanwhile). */
export interface DraftProblems {
  name: boolean;
  zoom: boolean;
  losses: LossKey[];
}

export function problemsOf(draft: ProjectDraft): DraftProblems {
  return {
    name: draft.name.trim() === '',
    zoom: !zoomValid(draft.zoom),
    losses: LOSS_FIELDS.filter((f) => !lossValid(f, draft.losses[f.key])).map((f) => f.key),
  };
}

/** The values to save, or null while something is refused. */
export function valuesOf(draft: ProjectDraft): ProjectValues | null {
  const losses = lossesOf(draft.losses);
  const name = draft.name.trim();
  if (!name || !zoomValid(draft.zoom) || !losses) return null;
  return { ...draft, name, zoom: draft.zoom, losses };
}

/**
 * What differs from `before`, as one request body: a saved project's settings, or the defaults
 * of a new one. Only what changed is sent, so an unchanged currency stays the country's rather
 * than becoming the price book's, an untouched base map stays "the first", and saving nothing new
 * writes nothing (and no line in the history).
 */
export function changedSettings(before: ProjectValues, after: ProjectValues): UpdateProjectBody {
  const body: UpdateProjectBody = {};
  if (after.name !== before.name) body.name = after.name;
  if (after.zoom !== before.zoom) body.zoom = after.zoom;
  if (after.currency !== before.currency) body.currency = after.currency;
  if (after.basemap !== before.basemap) body.basemap = after.basemap;
  if (after.phase !== before.phase) body.phase = after.phase;
  if (after.colourScheme !== before.colourScheme) body.colourScheme = after.colourScheme;
  if (!sameLosses(after.losses, before.losses)) body.losses = after.losses;
  return body;
}
