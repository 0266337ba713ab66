import { z } from 'zod';
import { bodyId, paramId, text } from './primitives.ts';
import type { ElementCounts } from './element-types.ts';
import { namingConventionSchema, type NamingConvention } from './naming.ts';
import type { ColourScheme, LossConstants } from './fibre.ts';

export const PROJECT_PHASES = ['In-Progress', 'Completed', 'Cancelled'] as const;
export type ProjectPhase = (typeof PROJECT_PHASES)[number];

/** Someone connected to a project or cluster right now. */
export interface OnlineUser {
  id: number;
  name: string;
}
export interface UserRef {
  id: number;
  name: string;
  email?: string;
  role?: string;
}

export interface Subsidiary {
  id: number;
  name: string;
  country: string | null;
}
export interface Client {
  id: number;
  name: string;
  subsidiaryId: number;
}
export interface MainProject {
  id: number;
  name: string;
  clientId: number;
}

export interface Project {
  id: number;
  name: string;
  zoom: number;
  /** The currency of its prices (its price book's; KES by default, SPEC §9). */
  currency: string;
  /** ConfigureProject: the base map its map opens on (null: the first), its phase, its fibres'. */
  basemap: string | null;
  phase: ProjectPhase;
  colourScheme: ColourScheme;
  losses: LossConstants;
  createdAt: string;
  updatedAt: string;
  mainProjectId: number;
  mainProject: { id: number; name: string };
  client: { id: number; name: string; subsidiary: { id: number; name: string } };
  _count: ElementCounts;
  usersOnline: OnlineUser[];
}

export interface CentralOffice {
  id: number;
  name: string;
  projectId: number;
  users: UserRef[];
  updatedAt: string;
  _count: { clusters: number };
  /** Where it stands, so that feeder cables start there (issue 26); null until placed. */
  location: { lat: number; lng: number } | null;
}

export interface Cluster {
  id: number;
  name: string;
  projectId: number;
  centralOfficeId: number;
  centralOffice: { id: number; name: string };
  projectPhase: ProjectPhase;
  namingConvention: NamingConvention;
  users: UserRef[];
  updatedAt: string;
  _count: ElementCounts;
  usersOnline: OnlineUser[];
  /** Whether the signed-in user may change this cluster's elements (GET of one cluster). */
  canEdit?: boolean;
  /**
   * Where the cluster is: the centre of its elements, else of its central office's or its
   * project's, else null (GET of one cluster). An empty cluster opens there.
   */
  location?: { lat: number; lng: number } | null;
}

const id = bodyId;
const name = text().trim().min(1).max(100);

export const idParams = z.object({ id: paramId });
export const projectIdParams = z.object({ projectId: paramId });
export const subsidiaryIdParams = z.object({ subsidiaryId: paramId });
export const clientIdParams = z.object({ clientId: paramId });
export const memberParams = z.object({ id: paramId, userId: paramId });

export const projectsQuery = z.object({
  platformName: text().max(100).optional(),
  mainProjectId: paramId.optional(),
});

export const createCentralOfficeBody = z.object({ projectId: id, name });
export const updateCentralOfficeBody = z.object({
  id: id.optional(),
  users: z.array(id).max(500),
});
export const createClusterBody = z.object({ centralOfficeId: id, name });
export const updateClusterBody = z
  .object({
    namingConvention: namingConventionSchema.optional(),
    projectPhase: z.enum(PROJECT_PHASES).optional(),
    /** Users to add to the cluster (already present ones change nothing). */
    users: z.array(id).max(500).optional(),
  })
  .refine((b) => b.namingConvention || b.projectPhase || b.users, {
    message: 'namingConvention, projectPhase or users is required',
  });

export type CreateCentralOfficeBody = z.infer<typeof createCentralOfficeBody>;
export type UpdateCentralOfficeBody = z.infer<typeof updateCentralOfficeBody>;
export type CreateClusterBody = z.infer<typeof createClusterBody>;
export type UpdateClusterBody = z.infer<typeof updateClusterBody>;
