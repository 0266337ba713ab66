import { useEffect } from 'react';
import { create } from 'zustand';

/** How many sharing controls are on screen: the shell shows its own banner when none is. */
export const useSharingControls = create<{ mounted: number }>(() => ({ mounted: 0 }));

export function useSharingBannerShown(): void {
  useEffect(() => {
    useSharingControls.setState((s) => ({ mounted: s.mounted + 1 }));
    return () => useSharingControls.setState((s) => ({ mounted: s.mounted - 1 }));
  }, []);
}
