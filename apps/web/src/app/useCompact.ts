import { useMediaQuery } from '@mantine/hooks';
import { MENU_MOBILE_BREAKPOINT_PX } from '@integration/contracts';

/** Below the spec's menu breakpoint (SPEC §9): a phone or a narrow window. */
export const COMPACT_QUERY = `(max-width: ${MENU_MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * Is the screen compact? Read synchronously on the first render, so a phone never
 * flashes the desktop layout (a sidebar over the whole screen) before it settles.
 */
export function useCompact(): boolean {
  return useMediaQuery(COMPACT_QUERY, window.matchMedia(COMPACT_QUERY).matches, {
    getInitialValueInEffect: false,
  });
}
