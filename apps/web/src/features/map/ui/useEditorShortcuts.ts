import { useEffect } from 'react';
import type { MapSession } from './editor-context.ts';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y), Delete for the selection, Escape to stop a tool. */
export function useEditorShortcuts(session: MapSession | null): void {
  useEffect(() => {
    if (!session) return;
    const { editor } = session;
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) editor.redo();
        else editor.undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        editor.redo();
      } else if ((key === 'delete' || key === 'backspace') && editor.get().selection.length) {
        event.preventDefault();
        editor.remove(editor.get().selection);
      } else if (key === 'escape') {
        if (editor.get().interaction.kind === 'measure') editor.measure(null);
        else editor.select([]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}
