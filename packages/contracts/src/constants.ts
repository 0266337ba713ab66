/** Business constants and limits of SPEC §9, shared by server and web. */
export const PLATFORM_NAME = 'integration';
export const TITLE_PREFIX = 'Integration | ';

export const AUTOSAVE_DELAY_MS = 800;
export const VISIBILITY_THROTTLE_MS = 50;
export const SNAP_DISTANCE_M = 15;
export const VERTEX_MOVE_THRESHOLD_M = 0.5;
export const DEFAULT_MARKER_ICON_WIDTH = 30;
export const DEFAULT_PROJECT_ZOOM = 10;

export const TOAST_LIFE_MS = 3000;
export const TOAST_WIDTH = '25rem';
export const CLUSTER_LIST_REFRESH_MS = 100;
export const MODAL_WIDTH = '75vw';
export const DIALOG_WIDTH = '50vw';
export const MENU_MOBILE_BREAKPOINT_PX = 960;

export const TAG_PREFIX_MAX = 8;
export const DEFAULT_BAR_COLOR = '#007bff';
export const CURRENCY = 'KES';

export const PASSWORD_MIN_LENGTH = 8;
/** A reset or invitation link stays valid this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
