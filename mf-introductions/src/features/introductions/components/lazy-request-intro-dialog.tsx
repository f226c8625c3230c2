/**
 * The Request Introduction dialog, loaded on its first open: the header button is on every
 * signed-in page, the form's code is only needed behind a click (DESIGN §1a).
 */
import { lazyDialog } from '@vouch/ui';
import type { RequestIntroDialogProps } from './request-intro-dialog';

export const LazyRequestIntroDialog = lazyDialog<RequestIntroDialogProps>(() => import('./request-intro-dialog'));
