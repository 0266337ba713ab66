import { z } from 'zod';
import { DEFAULT_CURRENCY } from './bom.ts';
import { COLOUR_SCHEMES, lossConstantsSchema } from './fibre.ts';
import { PROJECT_PHASES } from './hierarchy.ts';
import { bodyId, text } from './primitives.ts';

/**
 * The organisation written by admins (issue 28): subsidiaries, clients, main projects and
 * projects, created, renamed and deleted. Names are unique within their parent, whatever case.
 */
export const ORGANISATION_LEVELS = ['subsidiary', 'client', 'mainProject', 'project'] as const;
export type OrganisationLevel = (typeof ORGANISATION_LEVELS)[number];

const name = text().trim().min(1).max(100);
const country = text().trim().max(60).nullable();
const currency = z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as KES');

export const createSubsidiaryBody = z.object({ name, country: country.optional() }).strict();
export const updateSubsidiaryBody = z
  .object({ name: name.optional(), country: country.optional() })
  .strict();
export const createClientBody = z.object({ subsidiaryId: bodyId, name }).strict();
export const createMainProjectBody = z.object({ clientId: bodyId, name }).strict();
export const renameBody = z.object({ name }).strict();

/** ConfigureProject (SPEC §2): the project's own settings beside its name. */
export const PROJECT_ZOOM_DEFAULT = 10;
export const projectSettingsSchema = z.object({
  /** The map's zoom when the project opens (SPEC §3: 10 when unset). */
  zoom: z.number().int().min(0).max(24),
  /** The currency of its prices (SPEC §9: KES by default). */
  currency,
  /** The base map its map opens on (an id of GET /api/map/basemaps); null: the first one. */
  basemap: z.string().min(1).max(40).nullable(),
  phase: z.enum(PROJECT_PHASES),
  /** Its fibres' colour code and the loss constants of its traces and budgets. */
  colourScheme: z.enum(COLOUR_SCHEMES),
  losses: lossConstantsSchema,
});
export const createProjectBody = z
  .object({ mainProjectId: bodyId, name })
  .merge(projectSettingsSchema.partial())
  .strict();
export const updateProjectBody = z
  .object({ name: name.optional() })
  .merge(projectSettingsSchema.partial())
  .strict();

export type CreateSubsidiaryBody = z.infer<typeof createSubsidiaryBody>;
export type UpdateSubsidiaryBody = z.infer<typeof updateSubsidiaryBody>;
export type CreateClientBody = z.infer<typeof createClientBody>;
export type CreateMainProjectBody = z.infer<typeof createMainProjectBody>;
export type CreateProjectBody = z.infer<typeof createProjectBody>;
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
export const DEFAULT_PROJECT_SETTINGS: Pick<ProjectSettings, 'zoom' | 'currency' | 'phase'> = {
  zoom: PROJECT_ZOOM_DEFAULT,
  currency: DEFAULT_CURRENCY,
  phase: 'In-Progress',
};

/** `?confirm=` the exact name deletes what lives under it too. */
export const confirmQuery = z.object({ confirm: text().max(200).optional() }).strict();

/** What lives under an organisation level, CO or cluster: shown before it all goes. */
export interface ContentCounts {
  clients: number;
  mainProjects: number;
  projects: number;
  centralOffices: number;
  clusters: number;
  elements: number;
}

/** A level as written: its id, name and parent. */
export interface OrganisationNode {
  level: OrganisationLevel;
  id: number;
  name: string;
  parentId: number | null;
}
