import { MISSING, READ, at, target, type Row } from './access-matrix.fixtures.ts';

/** Live locations (issue 19): the positions shared now in a project, for its readers. */
export const LOCATION_ROWS: Row[] = [
  {
    label: 'GET /api/locations/project/:projectId',
    method: 'GET',
    request: async () => ({ url: `/api/locations/project/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/locations/project/:projectId (missing)',
    method: 'GET',
    request: at('/api/locations/project/999999'),
    expected: MISSING,
  },
];
