/**
 * What the network contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./network.ts, which re-exports all of this for everyone else).
 */

/**
 * How a person is related to me on the map (SPEC §2 relationship colours). One per person; when
 * several apply, the first in this list that applies wins for members (invited_accepted, then
 * vouched_for, then vouched_by). introduction_requester / introduction_target are reserved for
 * the introductions service (not produced yet).
 */
export const RELATIONSHIP_TYPES = [
  'invited_accepted',
  'vouched_for',
  'vouched_by',
  'invited_pending',
  'introduction_requester',
  'introduction_target',
  'second_degree_vouch',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** A pending invite has no member yet: its node id is `invite:<vouchId>` (visible only to the inviter). */
export const PENDING_INVITE_ID_PREFIX = 'invite:';
export const pendingInviteNodeId = (vouchId: number): string => `${PENDING_INVITE_ID_PREFIX}${vouchId}`;
/** What a 1° entry is: a member (`id` is their member id as text) or my pending invite (`id` is `invite:<vouchId>`). */
export const DIRECT_CONNECTION_KINDS = ['member', 'invite'] as const;
export type DirectConnectionKind = (typeof DIRECT_CONNECTION_KINDS)[number];

/** At most this many 2° people are returned, those sharing the most 1° connections with me first. */
export const SECOND_DEGREE_LIMIT = 200;

export const ONBOARDING_NODE_TYPES = ['mentor', 'peer', 'mentee'] as const;
export type OnboardingNodeType = (typeof ONBOARDING_NODE_TYPES)[number];

/** SPEC §4: the question number sets the theme. */
export const QUESTION_THEMES = ['Character Traits', 'Skills & Expertise', 'Accomplishments & Impact'] as const;
export type QuestionTheme = (typeof QUESTION_THEMES)[number];
export function questionTheme(number: number): QuestionTheme {
  return number <= 5 ? 'Character Traits' : number <= 10 ? 'Skills & Expertise' : 'Accomplishments & Impact';
}

export const NETWORK_ANALYSIS_DEGREES = [1, 2, 3] as const;
export const NETWORK_MESSAGES = {
  invalidDegree: 'The degree must be 1, 2 or 3.',
} as const;

/** People search (issue 28 item 3): the shortest query, the longest word kept, the words of a query used. */
export const PEOPLE_SEARCH_MIN_LENGTH = 2;
export const PEOPLE_SEARCH_MAX_LENGTH = 100;
export const PEOPLE_SEARCH_WORD_LENGTH = 40;
export const PEOPLE_SEARCH_MAX_WORDS = 4;
export const PEOPLE_SEARCH_MESSAGES = {
  tooShort: `Type at least ${PEOPLE_SEARCH_MIN_LENGTH} letters to search for people.`,
  tooLong: `A search is at most ${PEOPLE_SEARCH_MAX_LENGTH} characters.`,
  noWords: 'Search with letters or digits: a name, a skill or a headline.',
  badDegree: 'The degree must be 1, 2 or 3.',
} as const;

/** Where a search word was found, as the results say it: "Skill: kubernetes". */
export const SEARCH_MATCH_FIELDS = ['name', 'skill', 'headline'] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];

/**
 * The searchable words of a text, as the index stores them and a query is read: lower case,
 * accents dropped ("José" → "jose"), split at anything but letters and digits, each at most
 * PEOPLE_SEARCH_WORD_LENGTH characters, each once, in order.
 */
export function searchWords(text: string | null | undefined): string[] {
  const words = (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, PEOPLE_SEARCH_WORD_LENGTH));
  return [...new Set(words)];
}

/** How a search result is reached, as a member reads it: "via Priya Patel", "via Priya Patel → Sam Lee"; null without a path. */
export function pathText(names: readonly string[]): string | null {
  return names.length === 0 ? null : `via ${names.join(' → ')}`;
}
