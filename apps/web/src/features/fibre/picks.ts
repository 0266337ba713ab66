import type { FibreEnd, TerminalRef } from '@integration/contracts';

/**
 * A terminal chosen in the splice editor: a fibre's end on the enclosure, a splitter leg or a
 * port side. Two chosen make a connection.
 */
export interface Pick {
  key: string;
  ref: TerminalRef;
  label: string;
  /** What it is joined to now, if anything. */
  joinedTo: string | null;
  /** A fibre can be traced from here. */
  fibreId?: number;
}

/** A fibre's end: where a cable ends, or a side of a mid-span cut through a passing cable. */
export type FibreSide = 'a' | 'b';

/**
 * A fibre end as a choice. The key names the end: the two sides of a fibre passing through
 * (cut here when spliced) are two terminals, chosen apart.
 */
export function fibrePick(
  fibreId: number,
  end: FibreSide,
  label: string,
  joined: FibreEnd | null,
): Pick {
  return {
    key: `f${fibreId}${end}`,
    ref: { fibreId, end },
    label,
    joinedTo: joined ? `${joined.to} (${joined.enclosure.name})` : null,
    fibreId,
  };
}

/** The fibres chosen at each end, for the grids to show them pressed. */
export function pickedEnds(picks: Pick[]): Record<FibreSide, Set<number>> {
  const ends = { a: new Set<number>(), b: new Set<number>() };
  for (const p of picks) if ('fibreId' in p.ref) ends[p.ref.end].add(p.ref.fibreId);
  return ends;
}

/**
 * The next choice after a click: a second click on a pick drops it, a third terminal replaces
 * the second. Read-only users choose one at a time (to read it and trace it).
 */
export function nextPicks(picks: Pick[], pick: Pick, max: 1 | 2): Pick[] {
  if (picks.some((p) => p.key === pick.key)) return picks.filter((p) => p.key !== pick.key);
  if (max === 1) return [pick];
  return picks.length < 2 ? [...picks, pick] : [picks[0] as Pick, pick];
}

/** A connector when a port is involved (a patch), else a fusion splice. */
export const defaultKind = (picks: Pick[]): 'splice' | 'connector' =>
  picks.some((p) => 'portId' in p.ref) ? 'connector' : 'splice';
