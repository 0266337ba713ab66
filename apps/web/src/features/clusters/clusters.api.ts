import type { Cluster, UpdateClusterBody } from '@integration/contracts';
import { api } from '../../api/client.ts';
import { confirmSearch } from '../organisation/organisation.api.ts';

type Answer = { data: Cluster; message: string };

/** The cluster calls of SPEC §7. */
export const clustersApi = {
  get: (id: number) => api<{ data: Cluster }>('GET', `/clusters/cluster/${id}`).then((r) => r.data),
  create: (centralOfficeId: number, name: string) =>
    api<Answer>('POST', '/clusters/cluster/create', { centralOfficeId, name }),
  update: (id: number, body: UpdateClusterBody) =>
    api<Answer>('POST', `/clusters/cluster/update/${id}`, body),
  removeUser: (id: number, userId: number) =>
    api<Answer>('DELETE', `/clusters/cluster/${id}/removeUser/${userId}`),
  /** With `confirm` its exact name, it goes with its elements (issue 28). */
  delete: (id: number, confirm?: string) =>
    api<{ message: string }>('DELETE', `/clusters/cluster/${id}${confirmSearch(confirm)}`),
};
