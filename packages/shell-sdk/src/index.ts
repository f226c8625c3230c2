/**
 * @vouch/shell-sdk: the only door to react-router and react-query (a lint rule enforces it),
 * plus the API client, the current-user hook and run-time remote loading. Shared singleton:
 * keep the surface to what the apps use, since it is bundled whole.
 *
 * Two shared modules: `@vouch/shell-sdk/base` (router, API client, remotes: all the landing page
 * needs) and this one, which adds react-query and what uses it. The shell loads this one only
 * behind the landing page; remotes import everything from here.
 */
export * from '@vouch/shell-sdk/base';
export * from './query';
export { ACTIVITIES_QUERY_KEY, NETWORK_QUERY_KEY, ONBOARDING_MAP_QUERY_KEY } from './query-keys';
export { createQueryClient, sharedQueryClient } from './api/query-client';
export { usePagedList, type PagedListOptions } from './api/paged-list';
export { useLinkedItem, type LinkedItem } from './api/linked-item';
export { planRefusal } from './api/plan-refusal';
export { PlanLimitNotice, type PlanLimitNoticeProps } from './plan-limit-notice';
export { isPhoneMismatch } from './api/phone-mismatch';
export { CURRENT_USER_QUERY_KEY, currentUserQuery, shouldRetryProfile, useCurrentUser, vouchCountOf, type HeaderSlotProps } from './auth/use-current-user';
export { AppProviders, type AppProvidersProps } from './providers';
export { FeaturePage, useDocumentTitle, type FeaturePageProps } from './feature-page';
export { StandaloneApp, type StandaloneAppProps } from './standalone-app';
