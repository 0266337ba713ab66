import { describe, it } from 'vitest';
import { CENTRAL_OFFICE_ROWS } from './access-matrix.central-office-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of the central office module, as seen by the four people of the matrix. */
describe.each(CENTRAL_OFFICE_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
