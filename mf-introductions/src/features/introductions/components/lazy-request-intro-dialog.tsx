/**
 * The Request Introduction dialogs (to the network, and addressed to a member), loaded on first open: the header button is on every
 * signed-in page, the form's code is only needed behind a click (DESIGN §1a).
 */
import { lazyDialog } from '@vouch/ui';
import type { AddressedRequestDialogProps } from './addressed-request-dialog';
import type { RequestIntroDialogProps } from './request-intro-dialog';

export const LazyRequestIntroDialog = lazyDialog<RequestIntroDialogProps>(() => import('./request-intro-dialog'));
export const LazyAddressedRequestDialog = lazyDialog<AddressedRequestDialogProps>(() => import('./addressed-request-dialog'));
