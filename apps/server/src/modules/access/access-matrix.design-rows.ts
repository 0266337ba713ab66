import { at, MISSING, PLANNER, READ, target, type Row } from './access-matrix.fixtures.ts';

/*
 * The design checks' routes (issue 27), on CBD-01 (the lit demo cluster, where the matrix's
 * planner is assigned) and Nairobi CBD's thresholds.
 */
export const DESIGN_ROWS: Row[] = [
  {
    label: 'GET /api/design/clusters/:clusterId/problems',
    method: 'GET',
    request: async () => ({ url: `/api/design/clusters/${target.cbd01}/problems?rule=dropLength` }),
    expected: READ,
  },
  {
    label: 'GET /api/design/clusters/:clusterId/problems (missing)',
    method: 'GET',
    request: at('/api/design/clusters/999999/problems'),
    expected: MISSING,
  },
  {
    label: 'GET /api/design/clusters/:clusterId/problems.xlsx',
    method: 'GET',
    request: async () => ({
      url: `/api/design/clusters/${target.cbd01}/problems.xlsx?rule=trayCapacity`,
    }),
    expected: READ,
  },
  {
    label: 'GET /api/design/projects/:projectId/settings',
    method: 'GET',
    request: async () => ({ url: `/api/design/projects/${target.nairobiCbd}/settings` }),
    expected: READ,
  },
  {
    label: 'POST /api/design/projects/:projectId/settings',
    method: 'POST',
    request: async () => ({
      url: `/api/design/projects/${target.nairobiCbd}/settings`,
      payload: { thresholds: { dropMaxM: 300 } },
    }),
    expected: PLANNER,
  },
  {
    label: 'GET /api/design/bom',
    method: 'GET',
    request: async () => ({
      url: `/api/design/bom?projectId=${target.nairobiCbd}&clusterId=${target.cbd01}`,
    }),
    expected: READ,
  },
  {
    label: 'GET /api/design/bom (cluster of another project)',
    method: 'GET',
    request: async () => ({
      url: `/api/design/bom?projectId=${target.nairobiCbd}&clusterId=999999`,
    }),
    // The project is the planner's: a cluster not in it is missing, wherever it may be.
    expected: { ...MISSING, planner: 404 },
  },
  {
    label: 'GET /api/design/bom.xlsx',
    method: 'GET',
    request: async () => ({
      url: `/api/design/bom.xlsx?projectId=${target.nairobiCbd}&clusterId=${target.cbd01}`,
    }),
    expected: READ,
  },
  {
    label: 'GET /api/design/bom.pdf',
    method: 'GET',
    request: async () => ({
      url: `/api/design/bom.pdf?projectId=${target.nairobiCbd}&clusterId=${target.cbd01}`,
    }),
    expected: READ,
  },
  {
    label: 'GET /api/design/projects/:projectId/prices',
    method: 'GET',
    request: async () => ({ url: `/api/design/projects/${target.nairobiCbd}/prices` }),
    expected: READ,
  },
  {
    label: 'POST /api/design/projects/:projectId/prices',
    method: 'POST',
    request: async () => ({
      url: `/api/design/projects/${target.nairobiCbd}/prices`,
      payload: { entries: [{ item: 'splice', unitPrice: 300 }] },
    }),
    expected: PLANNER,
  },
];
