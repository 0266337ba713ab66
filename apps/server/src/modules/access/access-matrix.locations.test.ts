import { describe, it } from 'vitest';
import { LOCATION_ROWS } from './access-matrix.location-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of live locations, as seen by the four people of the matrix. */
describe.each(LOCATION_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
