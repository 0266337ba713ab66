import type { MapSession } from './editor-context.ts';
import { frameBesidePanel } from './frame-beside-panel.ts';

/**
 * Elements a list points at (a design problem, a delivery check's problem) shown on the map:
 * their layers switched on (the problem is about them), selected, and framed beside the panel.
 * Answers how many of them this map holds.
 */
export function showElements(
  { editor, view }: Pick<MapSession, 'editor' | 'view'>,
  ids: number[],
  panel: Element | null,
): number {
  const elements = ids.flatMap((id) => editor.collection.byId(id) ?? []);
  if (!elements.length) return 0;
  for (const e of elements) if (!editor.get().layers[e.type]) editor.setLayer(e.type, true);
  editor.select(elements.map((e) => e.key));
  frameBesidePanel(view, elements, panel);
  return elements.length;
}
