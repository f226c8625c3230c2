/**
 * The signed-in member (`UserProfile` of @vouch/contracts, SPEC §3), read from GET /api/auth/session: `null` when
 * signed out, answered 200 so a visitor's page logs no failed request (GET /api/user/profile
 * says 401 instead, SPEC §7). On a page load it is the session the HTML carries (issue 41:
 * `sharedQueryClient()` seeds it), so neither the shell nor a remote asks. An answer is current
 * for the page view it was read in: a component of a later page (after a navigation) reads it
 * again, once. Not refetched on focus, and never retried once the server says "Not authenticated".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { networkSize, type UserProfile } from '@vouch/contracts';
import { fetchCurrentUser, pageViewStartedAt } from '@vouch/shell-sdk/base';

export const CURRENT_USER_QUERY_KEY = ['user', 'profile'] as const;

/** The member's vouches, given and received (their network size): what unlocks introductions, the network map and stats (SPEC §6). */
export function vouchCountOf(user: Partial<Pick<UserProfile, 'vouchesGiven' | 'vouchesReceived'>> | null | undefined): number {
  return networkSize(user);
}

/**
 * Props the shell passes to a header slot (`mf_vouches/CreateVouchButton`,
 * `mf_introductions/RequestIntroButton`): the slot decides its own label, pulse and locked state.
 */
export interface HeaderSlotProps {
  user: UserProfile;
  /** `vouchCountOf(user)`: 0 means "Create First Vouch", pulsing, and Request Intro locked. */
  vouchCount: number;
}

/** Retry rule: a transient failure is retried once; "Not authenticated" never. */
export function shouldRetryProfile(failureCount: number, error: Error): boolean {
  if (error.message.includes('Not authenticated')) return false;
  return failureCount < 1;
}

/**
 * The current member's query, for a page that needs the member only when the visitor acts (the
 * public vouch page's Accept): `queryClient.prefetchQuery(currentUserQuery)` when it mounts, then
 * `queryClient.ensureQueryData(currentUserQuery)` in the handler. Unlike useCurrentUser(), its
 * answer does not render the page again (on a phone, a whole page's render, issue 17).
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  // Fresh while the page it was read for is on screen (the seeded answer: the first page view).
  staleTime: (query) => (query.state.dataUpdatedAt >= pageViewStartedAt() ? Infinity : 0),
  refetchOnWindowFocus: false,
  retry: shouldRetryProfile,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error, refetch: query.refetch };
}
