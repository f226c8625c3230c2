/**
 * The height every header of the app shares (the public one, the signed-in one, the landing's and
 * the session skeleton's), so the page below does not move when a header follows the session
 * (issue 28). 60 px: the gateway's first screen draws its bar at that height (first-screen.ts
 * `.fs-bar`: 0.75rem padding around a 2.25rem button), so the app replacing it moves nothing either.
 */
export const HEADER_HEIGHT = '60px';
