/** What the dashboard shows for which member (SPEC "Dashboard", §6). Pure. */
import type { UserProfile } from '@vouch/contracts';

// The state's rule lives in contracts, beside the page's first reads (the gateway preloads them by it).
export { dashboardState, type DashboardState } from '@vouch/contracts';

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
