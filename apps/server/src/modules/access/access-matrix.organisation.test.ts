import { describe, it } from 'vitest';
import { ORGANISATION_ROWS } from './access-matrix.organisation-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** The organisation's writes, as seen by the four people of the matrix. */
describe.each(ORGANISATION_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
