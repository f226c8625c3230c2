// Public module of the gateway: the app factory (tests, server) and the service catalog.
export { createApp, REPO_ROOT } from './app';
export type { CreateAppOptions } from './app';
export { allServices, allMigrations, serviceHooks } from './services';
export { buildRegistry, REMOTES } from './registry';
export type { RegistryEntry, RemoteName } from './registry';
