/**
 * What the profiles contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./profiles.ts, which re-exports all of this for everyone else).
 */
import { isStaffOrProductSkeleton, lookalikeSkeleton, PRODUCT_AFFIXES_WRITTEN, PRODUCT_NAME, STAFF_WORDS } from './member-text';
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
/** "+ N more vouches" opens pages of this many (GET /api/profile/public/{slug}/vouches). */
export const PROFILE_VOUCH_PAGE_SIZE = 20;

/** A profile URL a member chooses (/profile/{slug}) is this long, in characters. */
export const PROFILE_SLUG_MIN_LENGTH = 3;
export const PROFILE_SLUG_MAX_LENGTH = 60;
/** New profile URLs a member may choose in any 365 days (LinkedIn's bound on custom URLs; issue 43). */
export const PROFILE_URL_CHANGES_PER_YEAR = 5;
/** Earlier profile URLs kept (each redirects to the current one); older ones are let go. */
export const PROFILE_URLS_KEPT = 10;
/** Days a profile URL nobody holds any more (its member left, or let it go) stays unassignable, answering 410. */
export const RELEASED_PROFILE_URL_HOLD_DAYS = 365;
/** Lowercase letters and digits in words joined by single hyphens: "priya-patel", "pp-2026". */
export const PROFILE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Profile URLs nobody may choose: words of the app's own paths and words that would pass for
 * the site speaking ("admin", "support"). ("member" is not here: it is the generated slug of a
 * name without Latin letters, and such profiles exist.)
 */
export const RESERVED_PROFILE_SLUGS: ReadonlySet<string> = new Set([
  'about', 'account', 'activity', 'admin', 'administrator', 'api', 'app', 'auth', 'billing', 'dashboard', 'docs', 'edit',
  'help', 'home', 'introduction-requests', 'introductions', 'login', 'logout', 'members', 'moderator', 'network', 'new',
  'null', 'official', 'privacy', 'profile', 'profiles', 'root', 'search', 'security', 'settings', 'sign-in', 'sign-out',
  'sign-up', 'signin', 'signup', 'staff', 'stats', 'subscription', 'support', 'system', 'team', 'terms', 'undefined',
  'vouch', 'vouches', 'www',
]);

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
  slugText: 'Your profile URL must be text, e.g. priya-patel.',
  slugLength: `Your profile URL must be ${PROFILE_SLUG_MIN_LENGTH} to ${PROFILE_SLUG_MAX_LENGTH} characters long.`,
  slugShape: 'Your profile URL can hold lowercase letters, digits and single hyphens between them, e.g. priya-patel.',
  /** 410 of a URL whose member left (or let it go): it no longer leads to a profile. */
  released: 'Profile Not Found - This profile URL no longer leads to a profile: its member left Vouch or changed it.',
} as const;

/** 429 of PATCH /api/profile: the year's new profile URLs are used; `nextOn` is the day the oldest leaves the year. */
export const slugChangesUsedMessage = (nextOn: string): string =>
  `You can choose a new profile URL ${PROFILE_URL_CHANGES_PER_YEAR} times a year, and you have: the next is possible on ${nextOn}. Your earlier URLs can be chosen again at any time.`;

/** "admin" is refused: the word belongs to the site. */
export const reservedSlugMessage = (slug: string): string => `"${slug}" is reserved: choose another profile URL.`;
/** "vouch-support", "adm1n": the product's name or a staff word, look-alikes included. */
export const staffSlugMessage = (slug: string): string => `"${slug}" looks like Vouch's own or its staff's address: choose another profile URL.`;

const RESERVED_SKELETONS = new Set([...RESERVED_PROFILE_SLUGS].map((slug) => lookalikeSkeleton(slug.replace(/-/g, ''))));

/**
 * Whether a profile URL would pass for the site's own (issue 43 item 3, LinkedIn's rule): the
 * product's name or a staff word as one of its words, or as the whole with the hyphens left out
 * ("vouch-support", "vouchsupport"), or a reserved word as the whole, each compared as look-alike
 * skeletons ("adm1n" is "admin", "v0uch" "vouch"). Reserved words as one word of several pass
 * ("jane-new", "home-chef").
 */
export function isStaffLikeSlug(slug: string): boolean {
  const words = slug.split('-').map(lookalikeSkeleton);
  const whole = words.join('');
  return isStaffOrProductSkeleton(whole) || RESERVED_SKELETONS.has(whole) || words.some(isStaffOrProductSkeleton);
}
/** 409 of PATCH /api/profile: another member has (or once had) this profile URL. */
export const slugTakenMessage = (slug: string): string => `The profile URL "${slug}" is taken: choose another.`;

/**
 * The sentence refusing a profile URL a member typed (already trimmed and lower-cased), or null
 * when it may be asked for (whether it is free is the server's to say).
 */
export function profileSlugProblem(slug: string): string | null {
  if (slug.length < PROFILE_SLUG_MIN_LENGTH || slug.length > PROFILE_SLUG_MAX_LENGTH) return PROFILE_MESSAGES.slugLength;
  if (!PROFILE_SLUG_PATTERN.test(slug)) return PROFILE_MESSAGES.slugShape;
  if (RESERVED_PROFILE_SLUGS.has(slug)) return reservedSlugMessage(slug);
  if (isStaffLikeSlug(slug)) return staffSlugMessage(slug);
  return null;
}

/**
 * The profile URL as sent, the rule profileSlugProblem applies after trimming and lowering, as one
 * ECMA-262 pattern for the API document (JSON Schema `pattern` has no flags): surrounding white
 * space (what String.prototype.trim removes, which is \s), then 3–60 ASCII letters of either case,
 * digits and single hyphens, not a reserved word in any case, and no word that is a staff word or
 * the product's name (alone or with a company suffix) as written. Their look-alikes ("adm1n",
 * "v0uch") are the server's alone to refuse: a regular expression cannot say "looks like".
 * ajv and the server agree on the table of api-gateway/test/openapi-bodies.api.test.ts.
 */
export function profileSlugWirePattern(): string {
  const anyCase = (word: string) => [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  const reserved = [...RESERVED_PROFILE_SLUGS].map(anyCase).join('|');
  const staffWords = [...STAFF_WORDS, PRODUCT_NAME, ...PRODUCT_AFFIXES_WRITTEN.flatMap((affix) => [`${PRODUCT_NAME}${affix}`, `${affix}${PRODUCT_NAME}`])].map(anyCase).join('|');
  const staffWord = `(?!(?:[A-Za-z0-9]+-)*(?:${staffWords})(?:-|\\s*$))`;
  return `^\\s*(?!(?:${reserved})\\s*$)${staffWord}(?=[A-Za-z0-9-]{${PROFILE_SLUG_MIN_LENGTH},${PROFILE_SLUG_MAX_LENGTH}}\\s*$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\s*$`;
}

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
