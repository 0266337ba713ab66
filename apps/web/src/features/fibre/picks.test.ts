import { describe, expect, it } from 'vitest';
import { defaultKind, nextPicks, type Pick } from './picks.ts';

const fibre = (id: number): Pick => ({
  key: `f${id}`,
  ref: { fibreId: id, end: 'a' },
  label: `fibre ${id}`,
  joinedTo: null,
  fibreId: id,
});
const port: Pick = { key: 'p1', ref: { portId: 1, side: 'back' }, label: 'P1-1', joinedTo: null };

describe('choosing terminals to connect', () => {
  it('keeps two, the third replacing the second, and a second click dropping one', () => {
    let picks = nextPicks([], fibre(1), 2);
    picks = nextPicks(picks, fibre(2), 2);
    expect(picks.map((p) => p.key)).toEqual(['f1', 'f2']);
    picks = nextPicks(picks, fibre(3), 2);
    expect(picks.map((p) => p.key)).toEqual(['f1', 'f3']);
    picks = nextPicks(picks, fibre(1), 2);
    expect(picks.map((p) => p.key)).toEqual(['f3']);
  });

  it('keeps one at a time for a read-only user', () => {
    expect(nextPicks([fibre(1)], fibre(2), 1).map((p) => p.key)).toEqual(['f2']);
  });

  it('proposes a connector when a port is one end, else a splice', () => {
    expect(defaultKind([fibre(1), fibre(2)])).toBe('splice');
    expect(defaultKind([fibre(1), port])).toBe('connector');
  });
});
