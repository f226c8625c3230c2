/**
 * The signed-in member (SPEC §7 GET /api/user/profile): `null` when signed out (401), kept
 * fresh for 1 s, not refetched on focus, and never retried once the server says
 * "Not authenticated".
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@vouch/shell-sdk/base';

export const CURRENT_USER_QUERY_KEY = ['user', 'profile'] as const;

/** The profile call's `user` (SPEC §3 "User profile"). Moves to @vouch/contracts with the auth issue. */
export interface CurrentUser {
  id?: number | string;
  name: string;
  phone: string;
  onboardingComplete?: boolean;
  socialCapitalBalance?: number;
  introductionScore?: number;
  connectorScore?: number;
  vouchScore?: number;
  reputationScore?: number;
  vouchesGiven?: number;
  vouchesReceived?: number;
  introductionRequestsCount?: number;
  connectionsCount?: number;
  profileViews?: number;
  createdAt?: string;
}

/** The member's vouches, given and received: what unlocks introductions, the network map and stats (SPEC §6). */
export function vouchCountOf(user: Pick<CurrentUser, 'vouchesGiven' | 'vouchesReceived'> | null | undefined): number {
  if (!user) return 0;
  return (user.vouchesGiven ?? 0) + (user.vouchesReceived ?? 0);
}

/**
 * Props the shell passes to a header slot (`mf_vouches/CreateVouchButton`,
 * `mf_introductions/RequestIntroButton`): the slot decides its own label, pulse and locked state.
 */
export interface HeaderSlotProps {
  user: CurrentUser;
  /** `vouchCountOf(user)`: 0 means "Create First Vouch", pulsing, and Request Intro locked. */
  vouchCount: number;
}

/** Retry rule: a transient failure is retried once; "Not authenticated" never. */
export function shouldRetryProfile(failureCount: number, error: Error): boolean {
  if (error.message.includes('Not authenticated')) return false;
  return failureCount < 1;
}

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const response = await api.read<{ user: CurrentUser | null }>('/api/user/profile');
  return response?.user ?? null;
}

export function useCurrentUser() {
  const query = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 1000,
    refetchOnWindowFocus: false,
    retry: shouldRetryProfile,
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error, refetch: query.refetch };
}
