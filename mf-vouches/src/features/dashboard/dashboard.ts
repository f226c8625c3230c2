/** What the dashboard shows for which member (SPEC "Dashboard", §6). Pure. */
import { ONBOARDING_VOUCH_THRESHOLD } from '@vouch/contracts';
import { vouchCountOf, type CurrentUser } from '@vouch/shell-sdk';

export type DashboardState = 'no-vouches' | 'onboarding' | 'full-map';

/**
 * No vouches: the welcome banner and locked panels. With vouches: the reputation panel and the
 * onboarding map, or the full network map once onboarding is complete or at 15 vouches.
 */
export function dashboardState(user: Pick<CurrentUser, 'vouchesGiven' | 'vouchesReceived' | 'onboardingComplete'>): DashboardState {
  const count = vouchCountOf(user);
  if (count === 0) return 'no-vouches';
  if (user.onboardingComplete || count >= ONBOARDING_VOUCH_THRESHOLD) return 'full-map';
  return 'onboarding';
}

/** "Welcome back, Ada Lovelace" (SPEC "Dashboard"); a member without a name is still welcomed. */
export const greeting = (name: string | null | undefined): string => (name?.trim() ? `Welcome back, ${name.trim()}` : 'Welcome back');

/** `?newUser=true`, set after a new member's first accepted vouch (public Vouch page). */
export const isNewUserVisit = (search: URLSearchParams): boolean => search.get('newUser') === 'true';
