import { describe, it } from 'vitest';
import { CLUSTER_ROWS } from './access-matrix.cluster-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of the cluster module, as seen by the four people of the matrix. */
describe.each(CLUSTER_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
