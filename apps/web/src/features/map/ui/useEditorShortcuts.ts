import { useEffect } from 'react';
import type { MapSession } from './editor-context.ts';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y), Delete for the selection (after its confirmation),
 * Escape to stop editing or a tool.
 */
export function useEditorShortcuts(session: MapSession | null): void {
  useEffect(() => {
    if (!session) return;
    const { editor, controller } = session;
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
        // Asks first, naming what goes (DeleteConfirmModal).
        editor.requestDelete(editor.get().selection);
      } else if (key === 'escape') {
        if (editor.get().deleteRequest) return; // the confirmation closes itself
        if (editor.get().interaction.kind === 'measure') editor.measure(null);
        else {
          controller.finishEditing();
          editor.select([]);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);
}
