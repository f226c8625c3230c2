/**
 * What a signed-in page load needs before it can draw (issue 41), beside PAGES: the session the
 * gateway inlines in the HTML (so the shell asks no one who is signed in), and each screen's first
 * API reads, which the HTML preloads (`<link rel="preload" as="fetch" crossorigin="use-credentials">`)
 * so they run while the shell's and the remote's code still load. A read listed here must be the
 * URL the screen's code asks for, character for character, through the API client (credentials
 * included): else the browser fetches it a second time. Change a screen's first reads here and in
 * its code together (e2e/startup.spec.ts and the gateway's pages test hold the two to each other).
 */
import { networkSize } from './figures';
import { ONBOARDING_VOUCH_THRESHOLD } from './reputation';
import type { UserProfile } from './auth';

/** The id of the HTML's JSON data block holding the page's session (`PageSession`): never executed. */
export const SESSION_ELEMENT_ID = 'vouch-session';

/** The session a page was served for: what GET /api/auth/session's `user` said at that moment (null: not signed in). */
export interface PageSession {
  user: UserProfile | null;
}

export type DashboardState = 'no-vouches' | 'onboarding' | 'full-map';

/**
 * What /dashboard shows for which member (SPEC "Dashboard", §6). No vouches: the welcome banner
 * and locked panels. With vouches: the reputation panel and the onboarding map, or the full
 * network map once onboarding is complete or at 15 vouches.
 */
export function dashboardState(user: Partial<Pick<UserProfile, 'vouchesGiven' | 'vouchesReceived' | 'onboardingComplete'>>): DashboardState {
  const count = networkSize(user);
  if (count === 0) return 'no-vouches';
  if (user.onboardingComplete || count >= ONBOARDING_VOUCH_THRESHOLD) return 'full-map';
  return 'onboarding';
}

/** The signed-in frame's own first reads on every signed-in page: the header bell's unread count and its list (the shell's). */
export const FRAME_FIRST_READS: readonly string[] = ['/api/activities/unread', '/api/activities'];

/**
 * The first API reads of each signed-in screen, by PAGES path, for the member who opens it. A
 * screen not listed preloads none (its reads depend on what the member clicks first).
 */
export const FIRST_READS: Readonly<Record<string, (member: UserProfile) => readonly string[]>> = {
  // mf_vouches' dashboard, and mf_network's map or onboarding map in it (a second remote: its read would otherwise wait for both remotes' code).
  '/dashboard': (member) => {
    const state = dashboardState(member);
    if (state === 'no-vouches') return ['/api/vouches/my'];
    // The Vouch back card sits above the panels: the page holds them until its list is in (no shift).
    return ['/api/profile/my-summary', '/api/vouches/vouch-back', state === 'full-map' ? '/api/network' : '/api/onboarding/network-map'];
  },
  '/network': () => ['/api/network'],
  // The tabs' counts, whichever tab opens first.
  '/my-vouches': () => ['/api/vouches/pending-for-me', '/api/vouches/my'],
  '/subscription': () => ['/api/subscriptions/plans', '/api/subscriptions/status', '/api/usage/current'],
  // Locked before a first vouch (no reads); then the three tabs' counts and the connector's asks.
  '/introduction-requests': (member) =>
    networkSize(member) === 0 ? [] : ['/api/introduction-requests/my', '/api/introduction-requests/for-suggestions', '/api/introductions', '/api/introduction-requests/as-connector'],
  // Locked before a first vouch; then Why this score, the two vouch cards and the profile summary.
  '/stats': (member) => (networkSize(member) === 0 ? [] : ['/api/profile/my-reputation', '/api/vouches/pending-for-me', '/api/vouches/my', '/api/profile/my-summary']),
  // /activity's feed reads '/api/activities' too, as the bell does (a frame read).
};

/** The reads a signed-in page load of `pagePath` (a PAGES path) starts with: the screen's, then the frame's. */
export function firstReadsOf(pagePath: string, member: UserProfile): string[] {
  return [...new Set([...(FIRST_READS[pagePath]?.(member) ?? []), ...FRAME_FIRST_READS])];
}
