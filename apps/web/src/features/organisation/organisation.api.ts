import type {
  ContentCounts,
  OrganisationLevel,
  OrganisationNode,
  ProjectSettings,
  UpdateProjectBody,
  UpdateSubsidiaryBody,
} from '@integration/contracts';
import { api } from '../../api/client.ts';

type Answer<T> = { status: true; data: T; message: string };

/** Each level's path, as the server mounts it (SPEC §7's hierarchy paths). */
const PATHS: Record<OrganisationLevel, string> = {
  subsidiary: '/country/camusat',
  client: '/client',
  mainProject: '/mainproject',
  project: '/projects',
};

/** One row of organisation_history, newest first. */
export interface OrganisationChange {
  id: number;
  level: OrganisationLevel;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  name: string;
  /** What was written (create, update) or what went with it (delete: the counts). */
  detail: Record<string, unknown> | null;
  at: string;
  userName: string | null;
}

/** What a creation under a parent sends besides the name. */
export type CreateExtra =
  | { level: 'subsidiary'; country?: string | null }
  | { level: 'client'; subsidiaryId: number }
  | { level: 'mainProject'; clientId: number }
  | ({ level: 'project'; mainProjectId: number } & Partial<ProjectSettings>);

/** The organisation written by admins (issue 28). */
export const organisationApi = {
  create: (name: string, { level, ...extra }: CreateExtra) =>
    api<Answer<OrganisationNode>>('POST', `${PATHS[level]}/create`, { ...extra, name }),
  rename: (level: 'client' | 'mainProject', id: number, name: string) =>
    api<Answer<{ name: string }>>('POST', `${PATHS[level]}/update/${id}`, { name }),
  updateSubsidiary: (id: number, body: UpdateSubsidiaryBody) =>
    api<Answer<{ name: string }>>('POST', `${PATHS.subsidiary}/update/${id}`, body),
  /** ConfigureProject: its name and settings, all in one request (one transaction). */
  updateProject: (id: number, body: UpdateProjectBody) =>
    api<Answer<{ name: string }>>('POST', `${PATHS.project}/update/${id}`, body),
  /** Without `confirm`, refused (409 with the counts) while something lives under it. */
  delete: (level: OrganisationLevel, id: number, confirm?: string) =>
    api<Answer<{ name: string; deleted: ContentCounts }>>(
      'DELETE',
      `${PATHS[level]}/${id}${confirmSearch(confirm)}`,
    ),
  history: () =>
    api<Answer<OrganisationChange[]>>('GET', '/organisation/history').then((r) => r.data),
};

/** `?confirm=<name>` when the name was typed, else nothing. */
export const confirmSearch = (confirm: string | undefined) =>
  confirm === undefined ? '' : `?confirm=${encodeURIComponent(confirm)}`;

export const organisationKeys = {
  history: ['organisation', 'history'] as const,
};
