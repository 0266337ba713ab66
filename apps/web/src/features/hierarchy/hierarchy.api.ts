import type {
  CentralOffice,
  Client,
  Cluster,
  MainProject,
  Project,
  Subsidiary,
} from '@integration/contracts';
import { PLATFORM_NAME } from '@integration/contracts';
import { api } from '../../api/client.ts';

type Data<T> = { data: T };
const data = <T>(promise: Promise<Data<T>>) => promise.then((r) => r.data);

/** The hierarchy calls of SPEC §7: subsidiary → client → main project → project → CO → cluster. */
export const hierarchyApi = {
  subsidiaries: () => data(api<Data<Subsidiary[]>>('GET', '/country/camusat/all')),
  clients: (subsidiaryId: number) => data(api<Data<Client[]>>('GET', `/client/${subsidiaryId}`)),
  mainProjects: (clientId: number) =>
    data(api<Data<MainProject[]>>('GET', `/mainproject/client/${clientId}`)),
  projects: (mainProjectId?: number) =>
    data(
      api<Data<Project[]>>(
        'GET',
        `/projects/platforms?platformName=${PLATFORM_NAME}${mainProjectId ? `&mainProjectId=${mainProjectId}` : ''}`,
      ),
    ),
  project: (id: number) => data(api<Data<Project>>('GET', `/projects/${id}`)),
  centralOffices: (projectId: number) =>
    data(api<Data<CentralOffice[]>>('GET', `/centraloffices/project/${projectId}`)),
  clustersOfProject: (projectId: number) =>
    data(api<Data<Cluster[]>>('GET', `/clusters/${projectId}`)),
  clustersOfCentralOffice: (coId: number) =>
    data(api<Data<Cluster[]>>('GET', `/clusters/co/${coId}`)),
};

/** Query keys, so that a change invalidates every list that shows it. */
export const hierarchyKeys = {
  all: ['hierarchy'] as const,
  subsidiaries: () => ['hierarchy', 'subsidiaries'] as const,
  clients: (id: number) => ['hierarchy', 'clients', id] as const,
  mainProjects: (id: number) => ['hierarchy', 'mainProjects', id] as const,
  projects: (mainProjectId?: number) => ['hierarchy', 'projects', mainProjectId ?? 'all'] as const,
  project: (id: number | null) => ['hierarchy', 'project', id] as const,
  cluster: (id: number | null) => ['clusters', 'cluster', id] as const,
  centralOffices: (projectId: number) => ['hierarchy', 'centralOffices', projectId] as const,
  clustersOfProject: (projectId: number) =>
    ['hierarchy', 'clusters', 'project', projectId] as const,
  clustersOfCentralOffice: (coId: number) => ['hierarchy', 'clusters', 'co', coId] as const,
};
