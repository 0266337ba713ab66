import { describe, it } from 'vitest';
import { TILE_ROWS } from './access-matrix.tiles-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** The tile route, as seen by the four people of the matrix. */
describe.each(TILE_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
