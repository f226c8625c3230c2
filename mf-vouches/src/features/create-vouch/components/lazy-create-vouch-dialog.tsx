/**
 * The Create Vouch dialog, loaded on its first open: the header button is on every signed-in
 * page, the form's code is only needed behind a click (DESIGN §1a).
 */
import { lazyDialog } from '@vouch/ui';
import type { CreateVouchDialogProps } from './create-vouch-dialog';

export const LazyCreateVouchDialog = lazyDialog<CreateVouchDialogProps>(() => import('./create-vouch-dialog'));
