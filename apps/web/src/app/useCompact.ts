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

/** Wide enough for the map's cluster buttons with their words beside the toolbar's two rows. */
export const ROOMY_QUERY = '(min-width: 1400px)';

/**
 * Is there room for the map's cluster-wide buttons (loss budget, central office, problems) to
 * say their names? Below it they are icons with the same accessible names and a tooltip: with
 * their words they wrapped into a third row over the map on a 1280-pixel screen.
 */
export function useRoomy(): boolean {
  return useMediaQuery(ROOMY_QUERY, window.matchMedia(ROOMY_QUERY).matches, {
    getInitialValueInEffect: false,
  });
}
