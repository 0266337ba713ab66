import { create } from 'zustand';

/**
 * The sidebar's two pieces of state (SPEC §2): a visibility flag for ordinary pages, and
 * open or collapsed on map pages, where it starts open.
 */
interface ShellState {
  visible: boolean;
  mapOpen: boolean;
  toggle(onMap: boolean): void;
}

export const useShellStore = create<ShellState>((set) => ({
  visible: true,
  mapOpen: true,
  toggle: (onMap) => set((s) => (onMap ? { mapOpen: !s.mapOpen } : { visible: !s.visible })),
}));
