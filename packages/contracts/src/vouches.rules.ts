/**
 * What the vouches contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./vouches.ts, which re-exports all of this for everyone else).
 */
import { personNameMessage, personNameProblem } from './names';
import { vouchForPath } from './vouch-asks.rules';

export const VOUCH_TYPES = ['invite', 'recommendation'] as const;
export type VouchType = (typeof VOUCH_TYPES)[number];

/**
 * What a vouch can be shown as (SPEC §4). `revoked` (the voucher withdrew it while pending) stays
 * in the voucher's Sent list, marked Revoked (issue 28); never in the recipient's lists.
 */
export const VOUCH_STATUSES = ['pending', 'accepted', 'rejected', 'revoked'] as const;
export type VouchStatus = (typeof VOUCH_STATUSES)[number];

export const VOUCH_RESPONSE_ACTIONS = ['accept', 'reject'] as const;
export type VouchResponseAction = (typeof VOUCH_RESPONSE_ACTIONS)[number];

/** SPEC §3 Activity types; any other type is shown with a default icon. */
export const ACTIVITY_TYPES = ['vouch_created', 'vouch_accepted', 'vouch_rejected', 'introduction_requested', 'introduction_accepted'] as const;
export type KnownActivityType = (typeof ACTIVITY_TYPES)[number];
/** Every type the services record (SPEC's five and the ones added since); new ones may be added. */
export const RECORDED_ACTIVITY_TYPES = [...ACTIVITY_TYPES, 'vouch_revoked', 'introduction_suggested', 'introduction_asked', 'introduction_declined', 'vouch_asked', 'vouch_ask_declined'] as const;
export type ActivityType = (typeof RECORDED_ACTIVITY_TYPES)[number];

/**
 * What the activity page filters by (issue 28), each kind with the types the services record.
 * SPEC §3 names five types; the services also record a revocation, a suggestion, an ask to be
 * introduced and a declined introduction.
 */
export const ACTIVITY_KIND_TYPES = {
  vouches: ['vouch_created', 'vouch_accepted', 'vouch_rejected', 'vouch_revoked', 'vouch_asked', 'vouch_ask_declined'],
  introductions: ['introduction_requested', 'introduction_accepted', 'introduction_asked', 'introduction_declined'],
  suggestions: ['introduction_suggested'],
} as const satisfies Record<string, readonly string[]>;
export type ActivityKind = keyof typeof ACTIVITY_KIND_TYPES;
export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_TYPES) as ActivityKind[];

export function activityTypesOf(kind: ActivityKind): readonly string[] {
  return ACTIVITY_KIND_TYPES[kind];
}

/**
 * The page an activity written before issue 40 opens (newer ones carry their own `link` to their
 * object): the other member's profile when it is about one, else the list that holds its vouch or
 * introduction; null for a type no page shows.
 */
export function activityLink(activity: { type: string; aboutMemberId: number | null }): string | null {
  // An ask for a vouch opens Create Vouch prefilled for the asker (they can decline it there).
  if (activity.type === 'vouch_asked' && activity.aboutMemberId !== null) return vouchForPath(activity.aboutMemberId);
  if (activity.aboutMemberId !== null) return `/members/${activity.aboutMemberId}`;
  if (activity.type.startsWith('vouch_')) return '/my-vouches';
  if (activity.type === 'introduction_asked') return '/introduction-requests?tab=introductions';
  if (activity.type.startsWith('introduction_')) return '/introduction-requests';
  return null;
}

export const RECIPIENT_NAME_MAX_LENGTH = 100;
export const VOUCH_REASON_MAX_LENGTH = 2000;
export const VOUCH_CATEGORY_MAX_LENGTH = 1000;
/** The most a body's vouch token may be before it is refused as malformed (400) rather than not found (404). */
export const VOUCH_TOKEN_MAX_LENGTH = 200;
/** A vouch token as made: 24 random bytes (192 bits) in base64url, 32 URL-safe characters. */
const VOUCH_TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** Whether `value` could be a vouch token at all (anything else is "not found" without a query). */
export function isVouchTokenShape(value: unknown): value is string {
  return typeof value === 'string' && VOUCH_TOKEN_SHAPE.test(value);
}

/** The Personal Message of an invite sent without one (SPEC §2 Create Vouch dialog, public page). */
export const DEFAULT_INVITE_MESSAGE = "I think you'd be a great addition to the community!";

/**
 * SPEC §5: a phone that is not the vouch recipient's (signing in through a vouch link, or
 * answering a vouch). The server's detail is "<title>: <description>"; the web shows the two as a
 * toast (isPhoneMismatch in @vouch/shell-sdk recognises the answer by its problem code PHONE_MISMATCH).
 */
export const PHONE_MISMATCH = { title: 'Phone Number Mismatch', description: 'Please enter the phone number associated with this Vouch.' } as const;

/** The sentences a person reads (SPEC §5, §8); the server answers with the same ones. */
export const VOUCH_MESSAGES = {
  invalidPhone: 'Please enter a valid 10-digit phone number.',
  noCategory: 'Please select at least one category to Vouch for.',
  nameRequired: "Please enter the recipient's name.",
  nameShape: personNameMessage("The recipient's name"),
  reasonRequired: 'Please say why you are vouching for this person.',
  ownPhone: 'You cannot Vouch for your own phone number.',
  ownMember: 'You cannot Vouch for yourself.',
  memberNotFound: 'That member was not found.',
  phoneMismatch: `${PHONE_MISMATCH.title}: ${PHONE_MISMATCH.description}`,
  notFound: 'Vouch Not Found - This Vouch may have expired or been removed.',
  expired: 'This Vouch has expired.',
} as const;

export interface VouchRuleError {
  /** `categories`: the form's group of the three boxes; on the wire, each of VOUCH_CATEGORY_FIELDS. */
  field: 'recipientName' | 'reason' | 'categories';
  message: string;
}

/** The body fields of the categories a recommendation needs one of (what `categories` stands for on the wire). */
export const VOUCH_CATEGORY_FIELDS = ['characterTraits', 'skills', 'accomplishments'] as const;

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/**
 * The form rules of SPEC §5 besides the phone (which each side normalises its own way): a
 * name (the person-name rule of names.ts: it becomes the recipient's name); for a recommendation a reason and at least one of character traits, skills,
 * accomplishments. An invite needs neither (its message is optional). Empty when valid.
 */
export function vouchRuleErrors(input: {
  type: VouchType;
  recipientName?: string | null;
  reason?: string | null;
  characterTraits?: string | null;
  skills?: string | null;
  accomplishments?: string | null;
}): VouchRuleError[] {
  const errors: VouchRuleError[] = [];
  const recipientName = input.recipientName?.trim() ?? '';
  if (!recipientName) errors.push({ field: 'recipientName', message: VOUCH_MESSAGES.nameRequired });
  else {
    const problem = personNameProblem(recipientName, "The recipient's name");
    if (problem) errors.push({ field: 'recipientName', message: problem });
  }
  if (input.type === 'recommendation') {
    if (![input.characterTraits, input.skills, input.accomplishments].some(filled)) errors.push({ field: 'categories', message: VOUCH_MESSAGES.noCategory });
    if (!filled(input.reason)) errors.push({ field: 'reason', message: VOUCH_MESSAGES.reasonRequired });
  }
  return errors;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until expiry, rounded up ("expires in N days"); 0 once expired. */
export function daysUntilExpiry(expiresAt: string | Date, now: Date = new Date()): number {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

/** A vouch whose expiry has passed can no longer be answered (SPEC §4). */
export function isVouchExpired(expiresAt: string | Date, now: Date = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

/**
 * How the voucher knows the recipient (issue 28 item 8), chosen when vouching and correctable by
 * the recipient when accepting. A vouch stores it from the voucher's side: what the recipient is
 * to the voucher ("Ada is my manager" → `manager`). Vouches made before it existed hold null.
 */
export const VOUCH_RELATIONSHIPS = ['colleague', 'manager', 'report', 'mentor', 'mentee', 'client', 'friend'] as const;
export type VouchRelationship = (typeof VOUCH_RELATIONSHIPS)[number];

/** The same relationship seen from the other side: my manager has me as their report, my mentor me as their mentee. */
const INVERSE_RELATIONSHIP: Record<VouchRelationship, VouchRelationship> = {
  colleague: 'colleague',
  manager: 'report',
  report: 'manager',
  mentor: 'mentee',
  mentee: 'mentor',
  client: 'client',
  friend: 'friend',
};

export function inverseRelationship(relationship: VouchRelationship): VouchRelationship {
  return INVERSE_RELATIONSHIP[relationship];
}

/**
 * What the other person of a vouch is to me: the stored value when I vouched (`given`), its
 * inverse when I received it; null when the vouch holds none.
 */
export function relationshipSeenBy(relationship: VouchRelationship | null, side: 'given' | 'received'): VouchRelationship | null {
  if (relationship === null) return null;
  return side === 'given' ? relationship : inverseRelationship(relationship);
}

export function isVouchRelationship(value: unknown): value is VouchRelationship {
  return typeof value === 'string' && (VOUCH_RELATIONSHIPS as readonly string[]).includes(value);
}

/** "Manager", as a form option or a badge. */
export function relationshipLabel(relationship: VouchRelationship): string {
  return relationship.charAt(0).toUpperCase() + relationship.slice(1);
}

/** Sentences for the relationship (the form, the public page and the server say the same). */
export const RELATIONSHIP_MESSAGES = {
  required: 'Please choose how you know this person.',
  onlyWhenAccepting: 'A relationship can only be corrected when accepting a Vouch.',
} as const;
