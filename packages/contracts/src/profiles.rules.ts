/**
 * What the profiles contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./profiles.ts, which re-exports all of this for everyone else).
 */
import { personNameMessage } from './names';

/** A custom bio is at most this long (characters, after trimming). */
export const CUSTOM_BIO_MAX_LENGTH = 500;
/** A headline ("Product designer at Acme") is at most this long (characters, after trimming). */
export const HEADLINE_MAX_LENGTH = 120;
/** A first or last name is at most this long (the members table holds "First Last" in 101). */
export const NAME_PART_MAX_LENGTH = 50;
/** The signed-in profile view looks for a path of at most this many accepted vouches. */
export const CONNECTION_MAX_DEGREE = 3;
/** The signed-in profile view names at most this many of the vouchers the viewer knows. */
export const KNOWN_VOUCHERS_LIMIT = 5;

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
  headlineTooLong: `Your headline can be at most ${HEADLINE_MAX_LENGTH} characters long.`,
  headlineText: 'Your headline must be text, e.g. "Product designer at Acme".',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  firstNameTooLong: `First name must be at most ${NAME_PART_MAX_LENGTH} characters.`,
  lastNameTooLong: `Last name must be at most ${NAME_PART_MAX_LENGTH} characters.`,
  firstNameLetters: personNameMessage('First name'),
  lastNameLetters: personNameMessage('Last name'),
  bothNames: 'Change your first and last name together.',
  memberIdShape: 'A member id is a positive whole number, e.g. /api/profile/members/42.',
  ownProfile: 'This is your own profile: there is no connection to show.',
} as const;

/** 404 of the connection endpoint: no path of at most CONNECTION_MAX_DEGREE accepted vouches. */
export const notConnectedMessage = (name: string): string => `You and ${name} are not connected within ${CONNECTION_MAX_DEGREE} degrees.`;

/**
 * A name as the settings form splits it: the first word is the first name, the rest the last
 * name ("Mary Ann Smith" → "Mary", "Ann Smith"); a one-word name has an empty last name.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space).trim() };
}

/** The path that opens a member's profile from anywhere a member id is known (signed in). */
export function memberProfilePath(memberId: number): string {
  return `/members/${memberId}`;
}

/** The public page's path for a slug (share links, QR codes). */
export function publicProfilePath(slug: string): string {
  return `/profile/${encodeURIComponent(slug)}`;
}
