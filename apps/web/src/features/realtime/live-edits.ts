import {
  REALTIME_EVENTS,
  type ElementsChangedPayload,
  type ElementVersionRef,
  type MapElement,
} from '@integration/contracts';
import type { Editor } from '../map/core/editor.ts';
import { realtimeSocket } from './realtime-socket.ts';

/** The connection the live edits listen on (the tab's socket; a fake one in tests). */
export interface LiveSource {
  on(event: string, handler: (payload: unknown) => void): () => void;
  onConnect(handler: (again: boolean) => void): () => void;
}

const isChange = (p: unknown): p is ElementsChangedPayload => {
  const c = p as Partial<ElementsChangedPayload> | null;
  return (
    !!c &&
    typeof c.clusterId === 'number' &&
    Array.isArray(c.elements) &&
    Array.isArray(c.changed) &&
    Array.isArray(c.deleted)
  );
};

/** Refs of a large change that this editor does not hold at that version yet. */
export function unknownRefs(editor: Editor, refs: ElementVersionRef[]): ElementVersionRef[] {
  return refs.filter((r) => (editor.collection.byId(r.id)?.version ?? 0) < r.version);
}

/**
 * Keeps an open cluster live: elements:changed for it is merged into the editor's elements
 * by the periodic refetch's rules (SPEC §4: elements changed here are skipped), outside the
 * undo history. A large change (sent by reference) or a reconnection (events may have been
 * missed) runs the periodic sync at once, or as soon as the unsaved edits are saved.
 */
export function startLiveEdits(editor: Editor, source: LiveSource = realtimeSocket): () => void {
  let later: MapElement[] = [];
  let syncWanted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const catchUp = () => {
    if (later.length) later = editor.collection.mergeLive(later, []);
    if (!syncWanted) return;
    void editor.sync().then(
      (done) => {
        if (done) syncWanted = false;
      },
      () => undefined,
    );
  };
  // Run after the save queue has finished its turn (its state is reported just before).
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(catchUp, 0);
  };

  const offChange = source.on(REALTIME_EVENTS.elementsChanged, (payload) => {
    if (!isChange(payload) || payload.clusterId !== editor.clusterId) return;
    if (editor.get().status !== 'ready') {
      // Still loading: the load may predate this change; the sync after it catches up.
      syncWanted = true;
      return;
    }
    later = [...later, ...editor.collection.mergeLive(payload.elements, payload.deleted)];
    if (unknownRefs(editor, payload.changed).length) syncWanted = true;
    if (syncWanted || later.length) soon();
  });
  const offConnect = source.onConnect((again) => {
    if (!again) return;
    syncWanted = true;
    soon();
  });
  const offState = editor.state.subscribe((state, previous) => {
    if (state.save !== previous.save || state.status !== previous.status) {
      if (syncWanted || later.length) soon();
    }
  });
  return () => {
    clearTimeout(timer);
    offChange();
    offConnect();
    offState();
  };
}
