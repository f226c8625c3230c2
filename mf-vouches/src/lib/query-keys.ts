/**
 * Query keys of the vouch and profile data, and the one "something about vouches changed" refresh
 * (SPEC §7: after a create, vouches, activities and the profile; after an answer, pending,
 * my-vouches, profile and activities). Keys are prefixes other apps can invalidate too
 * (docs/architecture.md "Query keys").
 */
import { ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY, NETWORK_QUERY_KEY, ONBOARDING_MAP_QUERY_KEY, type QueryClient } from '@vouch/shell-sdk';

export const vouchKeys = {
  all: ['vouches'] as const,
  my: ['vouches', 'my'] as const,
  pendingForMe: ['vouches', 'pending-for-me'] as const,
  received: ['vouches', 'received'] as const,
  /** The dashboard's "Vouch back for …": a vouch given or an answer changes it. */
  vouchBack: ['vouches', 'vouch-back'] as const,
  public: (vouchToken: string) => ['vouches', 'public', vouchToken] as const,
};

/** `GET /api/profile/…` (dashboard, stats, profile card) changes with vouches too, as do the maps. */
export const profileKeys = {
  all: ['profile'] as const,
  mySummary: ['profile', 'my-summary'] as const,
  myReputation: ['profile', 'my-reputation'] as const,
  public: (slug: string) => ['profile', 'public', slug] as const,
};

/** This month's allowances (the Subscription page's, the same key): a vouch spends one. */
export const USAGE_QUERY_KEY = ['usage', 'current'] as const;

export function refreshAfterVouchChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [vouchKeys.all, ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY, profileKeys.all, NETWORK_QUERY_KEY, ONBOARDING_MAP_QUERY_KEY, USAGE_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** SPEC §7: the onboarding map is refreshed when the Vouch dialog closes. */
export function refreshWhenVouchDialogCloses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ONBOARDING_MAP_QUERY_KEY });
}
