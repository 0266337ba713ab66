import { describe, it } from 'vitest';
import { FIBRE_DOCUMENT_ROWS } from './access-matrix.fibre-documents-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** The fibre documents' routes, as seen by the four people of the matrix. */
describe.each(FIBRE_DOCUMENT_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
