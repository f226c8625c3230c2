/**
 * @vouch/shell-sdk: the only door to react-router and react-query (a lint rule enforces it),
 * plus the API client, the current-user hook and run-time remote loading. Shared singleton:
 * keep the surface to what the apps use, since it is bundled whole.
 */
export * from './router';
export * from './query';
export { ACTIVITIES_QUERY_KEY, NETWORK_QUERY_KEY, ONBOARDING_MAP_QUERY_KEY } from './query-keys';
export { ApiError, errorDetail } from './api/api-error';
export { api, createApiClient, type ApiClient, type HttpMethod, type RequestOptions } from './api/api-client';
export { createQueryClient } from './api/query-client';
export { CURRENT_USER_QUERY_KEY, fetchCurrentUser, shouldRetryProfile, useCurrentUser, vouchCountOf, type CurrentUser, type HeaderSlotProps } from './auth/use-current-user';
export { AppProviders, type AppProvidersProps } from './providers';
export { REMOTE_NAMES, REGISTRY_URL, defaultRegistry, loadRegistry, mergeRegistry, parseRegistry, type RemoteName, type RemoteRow } from './remotes/registry';
export { createFallbackModule, isFallbackModule, remoteFallbackPlugin, RemoteUnavailableError } from './remotes/fallback-plugin';
export { forgetRemote, loadRemoteModule, startRemoteRegistry } from './remotes/remote-runtime';
export { RemoteSlot, loadRemoteComponent, type RemoteSlotProps } from './remotes/remote-slot';
export { FeaturePage, useDocumentTitle, type FeaturePageProps } from './feature-page';
export { StandaloneApp, type StandaloneAppProps } from './standalone-app';
