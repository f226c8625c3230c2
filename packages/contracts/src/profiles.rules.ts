/**
 * What the profiles contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./profiles.ts, which re-exports all of this for everyone else).
 */

/** A custom bio is at most this long (characters, after trimming). */
export const CUSTOM_BIO_MAX_LENGTH = 500;
/** Skill tags and trait tags shown, each (SPEC §9). */
export const PROFILE_TAG_LIMIT = 8;
/** The profile summary card shows this many recent vouches (SPEC §9). */
export const PROFILE_SUMMARY_VOUCH_LIMIT = 2;
/** The public profile page shows this many recent vouches, then "+ N more vouches" (SPEC §9). */
export const PUBLIC_PROFILE_VOUCH_LIMIT = 3;
/** GET /api/profile/my-summary returns at most this many recent vouches. */
export const MY_SUMMARY_VOUCH_LIMIT = 20;

/** The sentences a person reads; the server answers with the same ones. */
export const PROFILE_MESSAGES = {
  notFound: 'Profile Not Found - This profile may not exist or is not public.',
  /** Shown by the web when `currentSummary` is null (no accepted vouch yet). */
  fallbackSummary: 'This professional is building their reputation through peer vouches',
  bioTooLong: `Your bio can be at most ${CUSTOM_BIO_MAX_LENGTH} characters long.`,
  isPublicBoolean: 'Choose whether your profile is public: true or false.',
} as const;

/** The public page's path for a slug (share links, QR codes). */
export function publicProfilePath(slug: string): string {
  return `/profile/${encodeURIComponent(slug)}`;
}
