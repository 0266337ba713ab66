import { MISSING, READ, at, target, type Row } from './access-matrix.fixtures.ts';

/** A project's vector tiles (issue 30): for its readers only, like its elements. */
export const TILE_ROWS: Row[] = [
  {
    label: 'GET /api/tiles/:projectId/:z/:x/:y.mvt',
    method: 'GET',
    request: async () => ({ url: `/api/tiles/${target.nairobiCbd}/14/9867/8250.mvt` }),
    expected: READ,
  },
  {
    label: 'GET /api/tiles/:projectId/:z/:x/:y.mvt (missing)',
    method: 'GET',
    request: at('/api/tiles/999999/14/9867/8250.mvt'),
    expected: MISSING,
  },
];
