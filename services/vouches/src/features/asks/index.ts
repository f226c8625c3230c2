// Asks for a vouch: ask a member, list and open asks, decline (and block). The feature's public
// surface: other features and the service's composition import this file, never the ones behind it.
export { vouchAsksRouter } from './entry-points/api/vouch-asks.router';
export { registerVouchAsksOpenApi } from './entry-points/api/vouch-asks.openapi';
// A vouch given to the member who asked for it fulfils the open ask.
export { fulfilOpenAsk } from './data-access/vouch-ask.repository';
// A member's data (export, forget).
export { deleteAsksOf, listAllAsksOf } from './data-access/vouch-ask.repository';
