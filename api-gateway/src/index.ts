// Public module of the gateway: the app factory (tests, server), the service catalog and the API
// document (@vouch/api-client generates its types from it).
export { createApp, REPO_ROOT } from './app';
export type { CreateAppOptions } from './app';
export { allServices, allMigrations, buildServices, memberDataParts, sessionsEndedListeners } from './services';
export { buildOpenApiDocument } from './openapi';
export { buildRegistry, REMOTES } from './registry';
export type { RegistryEntry, RemoteName } from './registry';
