/** The map's size (SPEC "Network map"): 600 px square on desktop, 400 px below 768 px of width. */
export const DESKTOP_MAP_SIZE = 600;
export const MOBILE_MAP_SIZE = 400;
export const MOBILE_BELOW_WIDTH = 768;
/** The media query that is true exactly when `mapSizeFor` answers the mobile size. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BELOW_WIDTH - 0.02}px)`;

export const mapSizeFor = (viewportWidth: number): number => (viewportWidth < MOBILE_BELOW_WIDTH ? MOBILE_MAP_SIZE : DESKTOP_MAP_SIZE);

/** The map's animation between views (SPEC §9). */
export const MAP_ANIMATION_MS = 500;
