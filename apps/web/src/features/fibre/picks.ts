import type { TerminalRef } from '@integration/contracts';

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
