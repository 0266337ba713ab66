import { describe, it } from 'vitest';
import { HIERARCHY_ROWS } from './access-matrix.hierarchy-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of the hierarchy module, as seen by the four people of the matrix. */
describe.each(HIERARCHY_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
