/**
 * The height every header of the app shares (the public one, the signed-in one, the landing's and
 * the session skeleton's), so the page below does not move when a header follows the session (issue 28).
 */
export const HEADER_HEIGHT = '14';
