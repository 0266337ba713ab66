import {
  ADMIN,
  at,
  has,
  LIST,
  MISSING,
  READ,
  target,
  throwawayOffice,
  type Row,
} from './access-matrix.fixtures.ts';

/** The rows of the central office module. */
export const CENTRAL_OFFICE_ROWS: Row[] = [
  {
    label: 'GET /api/centraloffices/all',
    method: 'GET',
    request: at('/api/centraloffices/all'),
    expected: LIST,
    includesTarget: has(() => target.nairobiCentral),
  },
  {
    label: 'GET /api/centraloffices/project/:projectId (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/centraloffices/project/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/centraloffices/project/:projectId (missing)',
    method: 'GET',
    request: at('/api/centraloffices/project/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/create (in Nairobi CBD)',
    method: 'POST',
    request: async (who) => ({
      url: '/api/centraloffices/centraloffice/create',
      payload: { projectId: target.nairobiCbd, name: `CO created by ${who}` },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/create (in a missing project)',
    method: 'POST',
    request: at('/api/centraloffices/centraloffice/create', { projectId: 999999, name: 'CO X' }),
    expected: MISSING,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/update/:id (add a user)',
    method: 'POST',
    request: async () => {
      const id = await throwawayOffice();
      return {
        url: `/api/centraloffices/centraloffice/update/${id}`,
        payload: { id, users: [target.field] },
      };
    },
    expected: ADMIN,
  },
  {
    label: 'POST /api/centraloffices/centraloffice/update/:id (missing CO)',
    method: 'POST',
    request: async () => ({
      url: '/api/centraloffices/centraloffice/update/999999',
      payload: { users: [target.field] },
    }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/${await throwawayOffice(true)}/removeUser/${target.field}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId (missing CO)',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/999999/removeUser/${target.field}`,
    }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/delete/:id (empty CO)',
    method: 'DELETE',
    request: async () => ({
      url: `/api/centraloffices/centraloffice/delete/${await throwawayOffice(true)}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/centraloffices/centraloffice/delete/:id (missing CO)',
    method: 'DELETE',
    request: at('/api/centraloffices/centraloffice/delete/999999'),
    expected: MISSING,
  },
];
