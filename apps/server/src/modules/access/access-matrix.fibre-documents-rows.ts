import { sql } from 'drizzle-orm';
import { idOf } from '../../test/seeded.ts';
import { at, MISSING, READ, t, target, type Row } from './access-matrix.fixtures.ts';

/*
 * The fibre documents' routes (issue 26): an enclosure's splice diagram, a trace and a loss
 * budget as spreadsheets, downloaded by whoever may read them, on the lit demo network of CBD-01
 * (where the matrix's planner is assigned).
 */
const demoClosure = () =>
  idOf(
    t.db,
    sql`SELECT id FROM network_elements WHERE cluster_id = ${target.cbd01}
        AND type = 'SpliceClosure' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    'a splice closure in CBD-01',
  );

/** A home of CBD-01 fed by a drop. */
const demoHome = () =>
  idOf(
    t.db,
    sql`SELECT id FROM network_elements WHERE cluster_id = ${target.cbd01}
        AND type = 'SFU' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    'a home in CBD-01',
  );

export const FIBRE_DOCUMENT_ROWS: Row[] = [
  {
    label: 'GET /api/fibre/enclosures/:elementId/diagram.pdf',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/enclosures/${await demoClosure()}/diagram.pdf` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/enclosures/:elementId/diagram.pdf (missing)',
    method: 'GET',
    request: at('/api/fibre/enclosures/999999/diagram.pdf'),
    expected: MISSING,
  },
  {
    label: 'GET /api/fibre/trace.xlsx',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/trace.xlsx?elementId=${await demoHome()}` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/trace.xlsx (missing)',
    method: 'GET',
    request: at('/api/fibre/trace.xlsx?elementId=999999'),
    expected: MISSING,
  },
  {
    label: 'GET /api/fibre/clusters/:clusterId/budget.xlsx',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/clusters/${target.cbd01}/budget.xlsx` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/clusters/:clusterId/budget.xlsx (missing)',
    method: 'GET',
    request: at('/api/fibre/clusters/999999/budget.xlsx'),
    expected: MISSING,
  },
];
