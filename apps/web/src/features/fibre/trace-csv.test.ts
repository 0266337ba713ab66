import { describe, expect, it } from 'vitest';
import type { Trace } from '@integration/contracts';
import { traceCsv } from './trace-csv.ts';

const trace: Trace = {
  hops: [
    {
      kind: 'fibre',
      elementId: 7,
      elementType: 'Cable',
      name: 'Drop, "north"',
      cableId: 7,
      fibreNumber: 1,
      colour: { name: 'bleu', hex: '#0000ff', stripe: null },
      lengthM: 42.5,
      lossDb: { '1310': 0.015, '1550': 0.009 },
      cumulativeLengthM: 42.5,
      cumulativeLossDb: { '1310': 0.015, '1550': 0.009 },
    },
    {
      kind: 'open',
      elementId: null,
      elementType: null,
      name: 'Open end',
      lengthM: 0,
      lossDb: { '1310': 0, '1550': 0 },
      cumulativeLengthM: 42.5,
      cumulativeLossDb: { '1310': 0.015, '1550': 0.009 },
    },
  ],
  totalLengthM: 42.5,
  totalLossDb: { '1310': 0.015, '1550': 0.009 },
  end: 'open',
  marginDb: 27.985,
  elementIds: [7],
};

describe('a trace as CSV', () => {
  const csv = traceCsv(trace, ['#', 'kind', 'element'], { label: 'Total', margin: 'Margin' });
  const lines = csv.replace('\uFEFF', '').trim().split('\r\n');

  it('has a line per hop between the headings and the totals, quoting what needs it', () => {
    expect(lines).toHaveLength(1 + 2 + 2);
    expect(lines[1]).toBe('1,fibre,"Drop, ""north""",1,bleu,42.5,42.5,0.015,0.009,0.015,0.009');
    expect(lines[3]).toBe('Total,open,,,,,42.5,,,0.015,0.009');
    expect(lines[4]).toContain('27.985');
  });

  it('starts with a byte-order mark so a spreadsheet reads it as UTF-8', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });
});
