import { describe, it } from 'vitest';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';
import { TEMPLATE_ROWS } from './access-matrix.template-rows.ts';

useAccessMatrixApp();

/** Every template edit route, as seen by the four people of the matrix. */
describe.each(TEMPLATE_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
