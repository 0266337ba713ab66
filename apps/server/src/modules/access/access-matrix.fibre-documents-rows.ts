import { sql } from 'drizzle-orm';
import { idOf } from '../../test/seeded.ts';
import { at, MISSING, READ, t, target, type Row } from './access-matrix.fixtures.ts';

/*
 * The fibre documents' routes (issue 26): an enclosure's splice diagram, printed by whoever may
 * read its plan, on the lit demo network of CBD-01 (where the matrix's planner is assigned).
 */
const demoClosure = () =>
  idOf(
    t.db,
    sql`SELECT id FROM network_elements WHERE cluster_id = ${target.cbd01}
        AND type = 'SpliceClosure' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    'a splice closure in CBD-01',
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
];
