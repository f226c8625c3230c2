/**
 * The introductions feature's public surface inside mf-introductions (the page and the header
 * slot use these; other apps reach the button through the `./RequestIntroButton` expose).
 */
export { LazyRequestIntroDialog } from './components/lazy-request-intro-dialog';
export type { RequestIntroDialogProps } from './components/request-intro-dialog';
