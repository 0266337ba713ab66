import type { Cluster, UpdateClusterBody } from '@integration/contracts';
import { api } from '../../api/client.ts';

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
  delete: (id: number) => api<{ message: string }>('DELETE', `/clusters/cluster/${id}`),
};
