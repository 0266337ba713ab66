import {
  ADMIN,
  at,
  has,
  LIST,
  MISSING,
  PLANNER,
  READ,
  target,
  throwawayCluster,
  type Row,
} from './access-matrix.fixtures.ts';

/** The rows of the cluster module. */
export const CLUSTER_ROWS: Row[] = [
  {
    label: 'GET /api/clusters/all',
    method: 'GET',
    request: at('/api/clusters/all'),
    expected: LIST,
    includesTarget: has(() => target.cbd02),
  },
  {
    label: 'GET /api/clusters/:projectId (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/:projectId (missing)',
    method: 'GET',
    request: at('/api/clusters/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/clusters/co/:id (CO Nairobi Central)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/co/${target.nairobiCentral}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/co/:id (missing)',
    method: 'GET',
    request: at('/api/clusters/co/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/clusters/cluster/:id (CBD-02)',
    method: 'GET',
    request: async () => ({ url: `/api/clusters/cluster/${target.cbd02}` }),
    expected: READ,
  },
  {
    label: 'GET /api/clusters/cluster/:id (missing)',
    method: 'GET',
    request: at('/api/clusters/cluster/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/clusters/cluster/create (in CO Nairobi Central)',
    method: 'POST',
    request: async (who) => ({
      url: '/api/clusters/cluster/create',
      payload: { centralOfficeId: target.nairobiCentral, name: `NEW-${who}` },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/create (in a missing CO)',
    method: 'POST',
    request: at('/api/clusters/cluster/create', { centralOfficeId: 999999, name: 'NEW-X' }),
    expected: MISSING,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (CBD-02, planner via the CO)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.cbd02}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id namingConvention (CBD-01, planner via the CO)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.cbd01}`,
      payload: { namingConvention: { prefix: 'CBD', pattern: '{prefix}-{seq:5}' } },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (WST-01, planner assigned directly)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.wst01}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id projectPhase (UPH-01, planner not assigned)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${target.uph01}`,
      payload: { projectPhase: 'Completed' },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id users (add a user)',
    method: 'POST',
    request: async () => ({
      url: `/api/clusters/cluster/update/${await throwawayCluster()}`,
      payload: { users: [target.field] },
    }),
    expected: ADMIN,
  },
  {
    label: 'POST /api/clusters/cluster/update/:id (missing cluster)',
    method: 'POST',
    request: at('/api/clusters/cluster/update/999999', { projectPhase: 'Completed' }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id/removeUser/:userId',
    method: 'DELETE',
    request: async () => ({
      url: `/api/clusters/cluster/${await throwawayCluster(true)}/removeUser/${target.field}`,
    }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id/removeUser/:userId (missing cluster)',
    method: 'DELETE',
    request: async () => ({ url: `/api/clusters/cluster/999999/removeUser/${target.field}` }),
    expected: MISSING,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id (empty cluster)',
    method: 'DELETE',
    request: async () => ({ url: `/api/clusters/cluster/${await throwawayCluster(true)}` }),
    expected: ADMIN,
  },
  {
    label: 'DELETE /api/clusters/cluster/:id (missing cluster)',
    method: 'DELETE',
    request: at('/api/clusters/cluster/999999'),
    expected: MISSING,
  },
];
