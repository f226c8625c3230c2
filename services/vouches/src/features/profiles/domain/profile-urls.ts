/**
 * The rules of profile URLs (issue 43 item 3, LinkedIn's custom-URL rules): a member chooses at
 * most PROFILE_URL_CHANGES_PER_YEAR new URLs in any 365 days, keeps their PROFILE_URLS_KEPT most
 * recent earlier URLs (each redirects to the current one) and lets older ones go; a URL let go,
 * or left by a member who deleted their account, leads nowhere (410) and nobody may take it for
 * RELEASED_PROFILE_URL_HOLD_DAYS, so an old link never opens someone else's profile.
 */
import { PROFILE_URL_CHANGES_PER_YEAR, PROFILE_URLS_KEPT, RELEASED_PROFILE_URL_HOLD_DAYS } from '@vouch/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/**
 * When the member may choose a new URL, given when they chose the ones of the last year: null
 * now (fewer than PROFILE_URL_CHANGES_PER_YEAR in the last 365 days), else the moment the oldest
 * of those leaves the year.
 */
export function nextUrlChangeAt(chosenAt: readonly Date[], now: Date): Date | null {
  const inYear = chosenAt.filter((at) => now.getTime() - at.getTime() < YEAR_MS).sort((a, b) => a.getTime() - b.getTime());
  if (inYear.length < PROFILE_URL_CHANGES_PER_YEAR) return null;
  return new Date(inYear[inYear.length - PROFILE_URL_CHANGES_PER_YEAR]!.getTime() + YEAR_MS);
}

/**
 * The member's earlier URLs (not the current one), in the order they became theirs, beyond the
 * PROFILE_URLS_KEPT most recent: to let go. Of two made in the same instant (a clock's second on
 * MySQL), the one listed first is the older.
 */
export function urlsToLetGo(earlier: readonly { slug: string; createdAt: Date }[]): string[] {
  return earlier
    .map((url, order) => ({ ...url, order }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.order - a.order)
    .slice(PROFILE_URLS_KEPT)
    .map((url) => url.slug);
}

/** Released before this instant: free to take again (the hold is over). */
export function releaseHoldStart(now: Date): Date {
  return new Date(now.getTime() - RELEASED_PROFILE_URL_HOLD_DAYS * DAY_MS);
}
