import { describe, it } from 'vitest';
import { QR_ROWS } from './access-matrix.qr-rows.ts';
import { expectCell, useAccessMatrixApp, WHO } from './access-matrix.fixtures.ts';

useAccessMatrixApp();

/** Every route of the QR tags module, as seen by the four people of the matrix. */
describe.each(QR_ROWS)('$label', (row) => {
  it.each(WHO)('as %s', (who) => expectCell(row, who));
});
