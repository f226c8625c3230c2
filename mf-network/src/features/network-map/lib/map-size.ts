/** The map's size (SPEC "Network map"): 600 px square on desktop, 400 px below 768 px of width. */
export const DESKTOP_MAP_SIZE = 600;
export const MOBILE_MAP_SIZE = 400;
export const MOBILE_BELOW_WIDTH = 768;
/** The media query that is true exactly when `mapSizeFor` answers the mobile size. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BELOW_WIDTH - 0.02}px)`;

export const mapSizeFor = (viewportWidth: number): number => (viewportWidth < MOBILE_BELOW_WIDTH ? MOBILE_MAP_SIZE : DESKTOP_MAP_SIZE);

/** The map's animation between views (SPEC §9). */
export const MAP_ANIMATION_MS = 500;

/**
 * Half the side of the square of graph coordinates the canvas shows: the unit circle plus room
 * for the outer ring's labels. A narrow (phone) map gives the ring more of its width: with 1.8 a
 * ring of 36 people had 80 px of radius on a 390 px phone and 17 of 37 people found room for a
 * name (issue 44); at 1.1 the ring spreads them out and each is named, shortened when a whole
 * name has no room.
 */
export const NARROW_MAP_EXTENT = 1.1;
export const extentFor = (widthPx: number): number => (widthPx < 480 ? NARROW_MAP_EXTENT : 1.45);
