import { describe, it } from 'vitest';
import { DESIGN_ROWS } from './access-matrix.design-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** The design checks' routes, as seen by the four people of the matrix. */
describe.each(DESIGN_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
