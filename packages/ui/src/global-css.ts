/**
 * The theme's global stylesheet as CSS text: Chakra's preflight, the global styles and every
 * token's CSS variable (`system._global`), exactly as emotion would write them. The build fills
 * this in (packages/mf-config/loaders/chakra-global-css-loader.cjs runs ../scripts/global-css.ts),
 * because on a phone computing those styles and parsing them in JavaScript was the page's second
 * largest start task after building the system (issue 17); the browser parses the text natively.
 * `null` where nothing built it (unit tests): ChakraProvider then computes it as usual.
 */
export const GLOBAL_CSS: string | null = null;
