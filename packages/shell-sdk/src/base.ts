/**
 * @vouch/shell-sdk/base: the part of the SDK the landing page needs (router, API client, remote
 * loading), shared as its own singleton so the first load carries no react-query (DESIGN §1a).
 * `@vouch/shell-sdk` re-exports all of it, so remotes keep one import; code inside this package
 * that belongs to the query part imports these modules through this specifier, never relatively,
 * so a page holds one copy of each (one router context, one `api`, one remote registry).
 */
export * from './router';
export { ApiError, errorDetail } from './api/api-error';
export { api, createApiClient, nextPageLink, type ApiClient, type HttpMethod, type Page, type RequestOptions } from './api/api-client';
export { REMOTE_NAMES, REGISTRY_URL, defaultRegistry, loadRegistry, mergeRegistry, parseRegistry, type RemoteName, type RemoteRow } from './remotes/registry';
export { createFallbackModule, isFallbackModule, remoteFallbackPlugin, RemoteUnavailableError } from './remotes/fallback-plugin';
export { forgetRemote, loadRemoteModule, warmRemotes } from './remotes/remote-runtime';
export { RemoteSlot, loadRemoteComponent, type RemoteSlotProps } from './remotes/remote-slot';
export { useFirstScreenDone, useFirstScreenHold, useSecondPass } from './first-screen';
export { fetchCurrentUser } from './auth/session';
export { isFirstPageView, pageSession, pageViewStartedAt, usePageViews } from './auth/page-session';
export { useLinkedObject } from './linked-object';
