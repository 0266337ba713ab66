import { create } from 'zustand';

/**
 * The sidebar's two pieces of state (SPEC §2): a visibility flag for ordinary pages, and
 * open or collapsed on map pages, where it starts open. Below the menu breakpoint it is a
 * drawer instead, closed until asked for: on a phone the page is what a user came for.
 */
interface ShellState {
  visible: boolean;
  mapOpen: boolean;
  drawerOpen: boolean;
  toggle(onMap: boolean): void;
  setDrawer(open: boolean): void;
}

export const useShellStore = create<ShellState>((set) => ({
  visible: true,
  mapOpen: true,
  drawerOpen: false,
  toggle: (onMap) => set((s) => (onMap ? { mapOpen: !s.mapOpen } : { visible: !s.visible })),
  setDrawer: (drawerOpen) => set({ drawerOpen }),
}));
