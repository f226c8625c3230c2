/**
 * The words of the public pages' first screens: the app renders them, and the gateway sends the
 * same words in the page's HTML so a phone paints them before any script has run (issue 17,
 * api-gateway/src/first-screen.ts). Change them here, and both follow.
*/
import type { VouchType } from './vouches.rules';

/** The landing page's hero (SPEC "Landing page"). */
export const LANDING_HERO = {
  badge: 'The professional trust network',
  headline: 'Grow your network on trust,',
  highlight: 'not cold connections',
  lead: 'Vouch for the people you know do great work, get introduced through people you trust, and let your reputation speak for you.',
  primary: 'Get Started Free',
  secondary: 'Sign In',
} as const;

/** The sign-in screen's first step (SPEC "Sign-in screen"). */
export const SIGN_IN_INTRO = { title: 'Sign in to Vouch', text: 'Enter your phone number and we will text you a verification code.' } as const;

/** The 404 page (its sentence is NOT_FOUND_PAGE's description). */
export const NOT_FOUND_TEXT = { heading: 'Page Not Found', back: 'Back to home' } as const;

/** The heading of a public vouch page (SPEC "Public Vouch page"), by the vouch's type. */
export function publicVouchHeading(type: VouchType): string {
  return type === 'invite' ? "You've Been Invited to Vouch!" : "You've Been Vouched For!";
}

/** The dashboard's Vouch back card (issue 44), also in its first screen. */
export function vouchBackQuestion(name: string): string {
  return `Do you trust ${name} too? Return the favour with a Vouch of your own.`;
}

/** The Subscription page's current plan card (SPEC "Subscription"), also in its first screen. */
export const CURRENT_PLAN_TEXT = {
  label: 'Current plan',
  localBilling: 'This server uses local billing: plans change at once and no payment is taken, so there is no billing portal.',
  freePlan: 'You are on Network Builder, the free plan. Upgrade for higher monthly limits, introductions at every degree and self-suggestions.',
} as const;

/** A signed-in screen's heading and the sentence under it. */
export interface PageIntro {
  heading: string;
  lead: string;
  /** The page's column is 3xl wide and centred (a list), not the container's full width. */
  narrow: boolean;
}

/** A member whose account is younger than this is new: welcomed, not welcomed back. */
export const NEW_MEMBER_HOURS = 24;

/**
 * "Welcome to Vouch, Sam Lee" on a new member's first day (the account is younger than
 * NEW_MEMBER_HOURS: whether they registered themselves or through a vouch link, they have not
 * been here before), "Welcome back, Sam Lee" after (SPEC "Dashboard"). Without a name, still
 * welcomed; without a creation date, welcomed back.
 */
export function greeting(member: { name?: string | null; createdAt?: string | null }, now: Date): string {
  const created = member.createdAt ? Date.parse(member.createdAt) : Number.NaN;
  const isNew = Number.isFinite(created) && now.getTime() - created < NEW_MEMBER_HOURS * 3_600_000;
  const opening = isNew ? 'Welcome to Vouch' : 'Welcome back';
  const name = member.name?.trim();
  return name ? `${opening}, ${name}` : opening;
}

/**
 * The intros of the signed-in screens a member lives in (issue 41): each page renders its own,
 * and the gateway sends the same heading and sentence as the page's first screen, so a phone
 * paints them (the page's largest text) before the app's code has arrived.
 */
export const PAGE_INTROS = {
  '/dashboard': { heading: 'Welcome back', lead: 'Your reputation, your vouches and your network at a glance.', narrow: false },
  '/network': { heading: 'Network Map', lead: 'You at the centre, the people you vouch with around you, and the people they know beyond them.', narrow: false },
  '/introduction-requests': { heading: 'Introduction Requests', lead: 'Ask your network for an introduction, and help the people you trust meet the right people.', narrow: true },
  '/my-vouches': { heading: 'My Vouches', lead: 'Vouches made for you, the ones you sent, and asks for a Vouch.', narrow: true },
  '/stats': { heading: 'Stats', lead: 'Your social capital, reputation and activity.', narrow: false },
  '/subscription': { heading: 'Subscription', lead: "Your plan, this month's usage and billing.", narrow: false },
  '/activity': { heading: 'Activity', lead: 'Everything that happened around your vouches and introductions.', narrow: true },
} as const satisfies Record<string, PageIntro>;

/** The intro of the signed-in screen at `pagePath` (a PAGES path) for `member`: the dashboard greets them by name. */
export function pageIntroOf(pagePath: string, member: { name?: string | null; createdAt?: string | null }, now: Date): PageIntro | undefined {
  const intro: PageIntro | undefined = (PAGE_INTROS as Record<string, PageIntro>)[pagePath];
  return intro && pagePath === '/dashboard' ? { ...intro, heading: greeting(member, now) } : intro;
}
