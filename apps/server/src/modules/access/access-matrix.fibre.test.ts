import { describe, it } from 'vitest';
import { FIBRE_ROWS } from './access-matrix.fibre-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of the fibre module, as seen by the four people of the matrix. */
describe.each(FIBRE_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
