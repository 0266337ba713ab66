import type { CentralOffice } from '@integration/contracts';
import { api } from '../../api/client.ts';
import { confirmSearch } from '../organisation/organisation.api.ts';

type Answer = { data: CentralOffice; message: string };

/** The central office calls of SPEC §7. */
export const centralOfficesApi = {
  create: (projectId: number, name: string) =>
    api<Answer>('POST', '/centraloffices/centraloffice/create', { projectId, name }),
  addUsers: (id: number, users: number[]) =>
    api<Answer>('POST', `/centraloffices/centraloffice/update/${id}`, { id, users }),
  removeUser: (id: number, userId: number) =>
    api<Answer>('DELETE', `/centraloffices/centraloffice/${id}/removeUser/${userId}`),
  place: (id: number, at: { lat: number; lng: number }) =>
    api<{ message: string }>('POST', `/fibre/central-offices/${id}/location`, at),
  /** With `confirm` its exact name, it goes with its clusters and their elements (issue 28). */
  delete: (id: number, confirm?: string) =>
    api<{ message: string }>(
      'DELETE',
      `/centraloffices/centraloffice/delete/${id}${confirmSearch(confirm)}`,
    ),
};
