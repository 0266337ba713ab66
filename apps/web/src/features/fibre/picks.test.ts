import { describe, expect, it } from 'vitest';
import { defaultKind, fibrePick, nextPicks, pickedEnds, type Pick } from './picks.ts';

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

  it('tells apart the two sides of a fibre passing through, each its own terminal', () => {
    const joined = {
      connectionId: 4,
      kind: 'splice' as const,
      enclosure: { elementId: 9, centralOfficeId: null, name: 'SC-1' },
      to: 'Branch, fibre 1',
    };
    const a = fibrePick(7, 'a', 'Trunk, fibre 7 — towards the start', joined);
    const b = fibrePick(7, 'b', 'Trunk, fibre 7 — towards the end', null);
    expect(a.key).not.toBe(b.key);
    expect(a.ref).toEqual({ fibreId: 7, end: 'a' });
    expect(b.ref).toEqual({ fibreId: 7, end: 'b' });
    expect(a.joinedTo).toBe('Branch, fibre 1 (SC-1)');
    expect(b.joinedTo).toBeNull();
    // Both chosen at once: a splice of the fibre's two pieces to each other is the user's call.
    const picks = nextPicks(nextPicks([], a, 2), b, 2);
    expect(picks).toHaveLength(2);
    const ends = pickedEnds(picks);
    expect([...ends.a]).toEqual([7]);
    expect([...ends.b]).toEqual([7]);
    // A second click on one side drops that side only.
    expect(nextPicks(picks, b, 2).map((p) => p.ref)).toEqual([{ fibreId: 7, end: 'a' }]);
  });
});
