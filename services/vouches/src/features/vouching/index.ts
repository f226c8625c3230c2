// Vouching: create, answer (accept, decline), revoke and share a vouch, vouch back, the vouch
// lists and their sync, the public vouch page. The feature's public surface: other features and
// the service's composition import this file, never the ones behind it.
export { vouchingRouter } from './entry-points/api/vouches.router';
export { registerVouchesOpenApi } from './entry-points/api/vouches.openapi';
// The same use cases outside a request (`npm run seed`, through the service's public entry).
export { createVouch, toCreateVouchCommand } from './domain/create-vouch.use-case';
export { respondToVouch } from './domain/respond-vouch.use-case';
export { publicVouchPreview, vouchRecipientByToken, type PublicVouchPreview } from './domain/vouch-queries';
// The dashboard's first screen (the gateway) shows the first vouch back, as the page will.
export { vouchBacksFor } from './domain/vouch-back.use-case';
// A member's data (forget).
export { deleteVouchBackDismissalsOf } from './data-access/vouch-back.repository';
