// The create-vouch feature's public surface: what the other features (and the header slot) may
// open — the dialog, loaded on its first open, and the share actions of a pending vouch. Its
// form, rules and calls stay inside the feature.
export { LazyCreateVouchDialog } from './components/lazy-create-vouch-dialog';
export { ShareVouchActions } from './components/share-vouch-actions';
