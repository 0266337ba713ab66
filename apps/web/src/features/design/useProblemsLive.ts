import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_EVENTS } from '@integration/contracts';
import type { Editor } from '../map/core/editor.ts';
import type { LiveSource } from '../realtime/live-edits.ts';
import { realtimeSocket } from '../realtime/realtime-socket.ts';
import { designKeys } from './design.api.ts';

/** A burst of saves and live edits runs the checks once, this long after the last of them. */
export const RECHECK_DEBOUNCE_MS = 300;

type Source = Pick<LiveSource, 'on'>;

/**
 * Keeps the problems fresh (issue 27): the checks run again after each save of this editor
 * (its queue back to saved), after elements changed by others in the cluster (elements:changed
 * for it), after a change to the fibre plan (fibre:changed reaches the cluster's room; the
 * planner's own splices come back the same way) and after the thresholds change. Debounced, so
 * a batch of edits is one check. Returns the function that stops it.
 */
export function startProblemsLive(
  editor: Editor,
  recheck: () => void,
  source: Source = realtimeSocket,
  debounceMs = RECHECK_DEBOUNCE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(recheck, debounceMs);
  };
  const offState = editor.state.subscribe((state, previous) => {
    if (state.save.state === 'saved' && previous.save.state !== 'saved') soon();
  });
  const offElements = source.on(REALTIME_EVENTS.elementsChanged, (payload) => {
    const clusterId = (payload as { clusterId?: unknown } | null)?.clusterId;
    if (clusterId === editor.clusterId) soon();
  });
  const offFibre = source.on(REALTIME_EVENTS.fibreChanged, soon);
  return () => {
    clearTimeout(timer);
    offState();
    offElements();
    offFibre();
  };
}

/** The hook of the map: the open cluster's problems are read again when the design changes. */
export function useProblemsLive(editor: Editor) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startProblemsLive(editor, () => {
        void queryClient.invalidateQueries({ queryKey: designKeys.problems(editor.clusterId) });
      }),
    [editor, queryClient],
  );
}
