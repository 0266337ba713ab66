import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_EVENTS } from '@integration/contracts';
import type { Editor } from '../map/core/editor.ts';
import { createEditorState } from '../map/core/editor-state.ts';
import { RECHECK_DEBOUNCE_MS, startProblemsLive } from './useProblemsLive.ts';

function fakeSource() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    handlers,
    on: (event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('problems kept fresh', () => {
  it('checks again once after a burst of saves and live edits, and stops on close', () => {
    vi.useFakeTimers();
    const state = createEditorState();
    const editor = { state, clusterId: 7 } as unknown as Editor;
    const source = fakeSource();
    const recheck = vi.fn();
    const stop = startProblemsLive(editor, recheck, source);

    // A save: pending, saving, saved.
    state.setState({ save: { state: 'saving', pending: 1 } });
    state.setState({ save: { state: 'saved', pending: 0 } });
    // Others' edits in this cluster and a splice, within the same moment.
    source.handlers.get(REALTIME_EVENTS.elementsChanged)?.({ clusterId: 7 });
    source.handlers.get(REALTIME_EVENTS.fibreChanged)?.({ elementId: 1 });
    vi.advanceTimersByTime(RECHECK_DEBOUNCE_MS - 1);
    expect(recheck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recheck).toHaveBeenCalledTimes(1);

    // Another cluster's edits do not concern this one.
    source.handlers.get(REALTIME_EVENTS.elementsChanged)?.({ clusterId: 8 });
    vi.advanceTimersByTime(RECHECK_DEBOUNCE_MS);
    expect(recheck).toHaveBeenCalledTimes(1);

    stop();
    expect(source.handlers.size).toBe(0);
    state.setState({ save: { state: 'pending', pending: 1 } });
    state.setState({ save: { state: 'saved', pending: 0 } });
    vi.advanceTimersByTime(RECHECK_DEBOUNCE_MS);
    expect(recheck).toHaveBeenCalledTimes(1);
  });
});
