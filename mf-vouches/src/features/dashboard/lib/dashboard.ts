/** What the dashboard shows for which member (SPEC "Dashboard", §6). Pure. */
import { ONBOARDING_VOUCH_THRESHOLD, type UserProfile } from '@vouch/contracts';
import { vouchCountOf } from '@vouch/shell-sdk';

export type DashboardState = 'no-vouches' | 'onboarding' | 'full-map';

/**
 * No vouches: the welcome banner and locked panels. With vouches: the reputation panel and the
 * onboarding map, or the full network map once onboarding is complete or at 15 vouches.
 */
export function dashboardState(user: Partial<Pick<UserProfile, 'vouchesGiven' | 'vouchesReceived' | 'onboardingComplete'>>): DashboardState {
  const count = vouchCountOf(user);
  if (count === 0) return 'no-vouches';
  if (user.onboardingComplete || count >= ONBOARDING_VOUCH_THRESHOLD) return 'full-map';
  return 'onboarding';
}

/** A member whose account is younger than this is new: welcomed, not welcomed back. */
export const NEW_MEMBER_HOURS = 24;

/**
 * "Welcome to Vouch, Sam Lee" on a new member's first day (the account is younger than
 * NEW_MEMBER_HOURS: whether they registered themselves or through a vouch link, they have not
 * been here before), "Welcome back, Sam Lee" after (SPEC "Dashboard"). Without a name, still
 * welcomed; without a creation date, welcomed back.
 */
export function greeting(user: Partial<Pick<UserProfile, 'name' | 'createdAt'>>, now: Date): string {
  const created = user.createdAt ? Date.parse(user.createdAt) : Number.NaN;
  const isNew = Number.isFinite(created) && now.getTime() - created < NEW_MEMBER_HOURS * 3_600_000;
  const opening = isNew ? 'Welcome to Vouch' : 'Welcome back';
  const name = user.name?.trim();
  return name ? `${opening}, ${name}` : opening;
}

/** `?newUser=true`, set after a new member's first accepted vouch (public Vouch page). */
export const isNewUserVisit = (search: URLSearchParams): boolean => search.get('newUser') === 'true';
