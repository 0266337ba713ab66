import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Editor } from '../core/editor.ts';
import type { EditorState } from '../core/editor-state.ts';
import type { MapView } from '../adapter/map-view.ts';
import type { RouteSearch } from '../core/route-search.ts';
import type { MapController } from './map-controller.ts';

export interface MapSession {
  editor: Editor;
  controller: MapController;
  view: MapView;
  routes: RouteSearch;
}

export const MapSessionContext = createContext<MapSession | null>(null);

export function useMapSession(): MapSession {
  const session = useContext(MapSessionContext);
  if (!session) throw new Error('useMapSession outside the map page');
  return session;
}

/** Read part of the editor's state; re-renders when that part changes. */
export function useEditorState<T>(select: (state: EditorState) => T): T {
  return useStore(useMapSession().editor.state, select);
}
