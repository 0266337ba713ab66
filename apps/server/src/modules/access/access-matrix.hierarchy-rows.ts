import { at, has, LIST, MISSING, READ, target, type Row } from './access-matrix.fixtures.ts';

/** The rows of the hierarchy module. */
export const HIERARCHY_ROWS: Row[] = [
  {
    label: 'GET /api/projects/platforms',
    method: 'GET',
    request: async () => ({ url: '/api/projects/platforms?platformName=integration' }),
    expected: LIST,
    includesTarget: has(() => target.nairobiCbd),
  },
  {
    label: 'GET /api/projects/platforms?mainProjectId= (Nairobi FTTH)',
    method: 'GET',
    request: async () => ({
      url: `/api/projects/platforms?platformName=integration&mainProjectId=${target.nairobiFtth}`,
    }),
    expected: LIST,
    includesTarget: has(() => target.nairobiCbd),
  },
  {
    label: 'GET /api/projects/:id (Nairobi CBD)',
    method: 'GET',
    request: async () => ({ url: `/api/projects/${target.nairobiCbd}` }),
    expected: READ,
  },
  {
    label: 'GET /api/projects/:id (missing)',
    method: 'GET',
    request: at('/api/projects/999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/country/camusat/all',
    method: 'GET',
    request: at('/api/country/camusat/all'),
    expected: LIST,
    includesTarget: has(() => target.camusatKenya),
  },
  {
    label: 'GET /api/client/:subsidiaryId (Camusat Kenya)',
    method: 'GET',
    request: async () => ({ url: `/api/client/${target.camusatKenya}` }),
    expected: LIST,
    includesTarget: has(() => target.safaricom),
  },
  {
    label: 'GET /api/mainproject/client/:clientId (Safaricom)',
    method: 'GET',
    request: async () => ({ url: `/api/mainproject/client/${target.safaricom}` }),
    expected: LIST,
    includesTarget: has(() => target.nairobiFtth),
  },
];
