import { create } from 'zustand';
import type { PlanHolder, TraceQuery } from './fibre.api.ts';

/**
 * Which fibre screen is open on the map: one dialog at a time (an enclosure's splice editor or
 * a cable's panel), a list of homes (a cluster's loss budget, or the homes an OLT port serves),
 * and the trace panel, which stays over the map once a dialog closes so the highlighted path
 * can be seen. A trace opened from a list shows in the list's place; closing it shows the list
 * again, so a planner walks down the worst homes one after the other.
 */
export type FibreDialog =
  | { kind: 'enclosure'; holder: PlanHolder; name: string }
  | { kind: 'cable'; cableId: number; name: string };

export type HomesList =
  | { kind: 'budget'; clusterId: number; name: string }
  | { kind: 'port'; portId: number; name: string };

export interface OpenTrace {
  query: TraceQuery;
  /** What was traced, in words: a home's name, or "cable, fibre n". */
  title: string;
}

interface FibreScreens {
  dialog: FibreDialog | null;
  list: HomesList | null;
  trace: OpenTrace | null;
}

export const useFibreScreens = create<FibreScreens>(() => ({
  dialog: null,
  list: null,
  trace: null,
}));

export const fibreScreens = {
  open: (dialog: FibreDialog) => useFibreScreens.setState({ dialog }),
  close: () => useFibreScreens.setState({ dialog: null }),
  /** A list of homes over the map: it replaces the dialog and any trace. */
  openList: (list: HomesList) => useFibreScreens.setState({ dialog: null, trace: null, list }),
  closeList: () => useFibreScreens.setState({ list: null }),
  /** A trace replaces the dialog: the map shows its path. */
  trace: (trace: OpenTrace) => useFibreScreens.setState({ dialog: null, trace }),
  closeTrace: () => useFibreScreens.setState({ trace: null }),
  /** The trace and the list it came from. */
  closePanels: () => useFibreScreens.setState({ trace: null, list: null }),
  /** Everything, when the map closes. */
  closeAll: () => useFibreScreens.setState({ dialog: null, list: null, trace: null }),
};
