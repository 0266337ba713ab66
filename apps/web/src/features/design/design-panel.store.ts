import { create } from 'zustand';

/**
 * Whether the map's Problems panel is open, and its thresholds form over it. One panel per
 * open map: it closes with the map (another cluster's problems would be wrong there).
 */
interface DesignPanel {
  open: boolean;
  thresholds: boolean;
}

export const useDesignPanel = create<DesignPanel>(() => ({ open: false, thresholds: false }));

export const designPanel = {
  open: () => useDesignPanel.setState({ open: true }),
  toggle: () => useDesignPanel.setState((s) => ({ open: !s.open, thresholds: false })),
  close: () => useDesignPanel.setState({ open: false, thresholds: false }),
  openThresholds: () => useDesignPanel.setState({ thresholds: true }),
  closeThresholds: () => useDesignPanel.setState({ thresholds: false }),
};
