import { create } from 'zustand';
import type { PlanHolder, TraceQuery } from './fibre.api.ts';

/**
 * Which fibre screen is open on the map: one dialog at a time (an enclosure's splice editor or
 * a cable's panel), and the trace panel, which stays over the map once a dialog closes so the
 * highlighted path can be seen.
 */
export type FibreDialog =
  | { kind: 'enclosure'; holder: PlanHolder; name: string }
  | { kind: 'cable'; cableId: number; name: string };

export interface OpenTrace {
  query: TraceQuery;
  /** What was traced, in words: a home's name, or "cable, fibre n". */
  title: string;
}

interface FibreScreens {
  dialog: FibreDialog | null;
  trace: OpenTrace | null;
}

export const useFibreScreens = create<FibreScreens>(() => ({ dialog: null, trace: null }));

export const fibreScreens = {
  open: (dialog: FibreDialog) => useFibreScreens.setState({ dialog }),
  close: () => useFibreScreens.setState({ dialog: null }),
  /** A trace replaces the dialog: the map shows its path. */
  trace: (trace: OpenTrace) => useFibreScreens.setState({ dialog: null, trace }),
  closeTrace: () => useFibreScreens.setState({ trace: null }),
};
