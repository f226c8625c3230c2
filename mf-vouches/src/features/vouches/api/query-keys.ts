/**
 * Query keys of the vouch data, and the one "something about vouches changed" refresh
 * (SPEC §7: after a create, vouches, activities and the profile; after an answer, pending,
 * my-vouches, profile and activities). Keys are prefixes other apps can invalidate too
 * (docs/architecture.md "Query keys").
 */
import { ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY, type QueryClient } from '@vouch/shell-sdk';

export const vouchKeys = {
  all: ['vouches'] as const,
  my: ['vouches', 'my'] as const,
  pendingForMe: ['vouches', 'pending-for-me'] as const,
  received: ['vouches', 'received'] as const,
  public: (vouchToken: string) => ['vouches', 'public', vouchToken] as const,
};

/** `GET /api/profile/my-summary` (dashboard, stats) and the onboarding map change with vouches too. */
const PROFILE_QUERY_KEY = ['profile'] as const;
const ONBOARDING_QUERY_KEY = ['onboarding'] as const;

export function refreshAfterVouchChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [vouchKeys.all, ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY, PROFILE_QUERY_KEY, ONBOARDING_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
