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
