// The create-vouch feature's public surface: what the other features (and the header slot) may
// open — the dialog, loaded on its first open (prefilled for a member when given), the share
// actions of a pending vouch, Vouch back after an acceptance, and the ?vouchFor= link of an ask.
// Its form, rules and calls stay inside the feature.
export { LazyCreateVouchDialog } from './components/lazy-create-vouch-dialog';
export { ShareVouchActions } from './components/share-vouch-actions';
export { VouchBackPrompt } from './components/vouch-back-prompt';
export { useVouchForLink } from './lib/use-vouch-for-link';
export type { VouchPrefill } from './lib/vouch-form';
