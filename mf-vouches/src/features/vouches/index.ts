/**
 * The vouches feature's public surface inside mf-vouches (the dashboard and the header slot use
 * these; nothing outside this remote imports them — other apps reach the button through the
 * `./CreateVouchButton` expose).
 */
export { LazyCreateVouchDialog } from './components/lazy-create-vouch-dialog';
export type { CreateVouchDialogProps } from './components/create-vouch-dialog';
export { useMyVouches, usePendingVouchesForMe } from './api/vouch-lists';
export { refreshAfterVouchChange, vouchKeys } from './api/query-keys';
export { VouchStatusBadge } from './components/status-badge';
export { VouchDetails } from './components/vouch-details';
