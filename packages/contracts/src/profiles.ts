/**
 * Profiles on the wire (SPEC §2 "Profile summary card", "Public profile page"; §3 "Public
 * profile"; §7 profile calls), shared by the web and the vouches service, which owns profiles.
 */
import { z } from 'zod';
import { VOUCH_TYPES } from './vouches.rules';
import { isoDateTime } from './wire';
import { PERSON_NAME_PATTERN, personNameMessages, personNameRule } from './names';
import { hasLookalikeWord, memberTextPattern, memberTextRule } from './member-text';
import {
  CONNECTION_MAX_DEGREE,
  CUSTOM_BIO_MAX_LENGTH,
  HEADLINE_MAX_LENGTH,
  KNOWN_VOUCHERS_LIMIT,
  MY_SUMMARY_VOUCH_LIMIT,
  NAME_PART_MAX_LENGTH,
  PROFILE_MESSAGES,
  PROFILE_SLUG_MAX_LENGTH,
  PROFILE_SLUG_MIN_LENGTH,
  PROFILE_TAG_LIMIT,
  PROFILE_VOUCH_PAGE_SIZE,
  profileSlugProblem,
  profileSlugWirePattern,
  PUBLIC_PROFILE_VOUCH_LIMIT,
  RESERVED_PROFILE_SLUGS,
} from './profiles.rules';

export * from './profiles.rules';

/** The profile (SPEC §3 Public profile → profile). */
export const profileSchema = z.object({
  profileSlug: z
    .string()
    .describe(
      'The current profile URL: made from the name at registration ("jane-doe", "jane-doe-2" on a collision) or chosen by the member; the page is /profile/{profileSlug}. A rename keeps it. Every earlier one keeps working: read by an earlier slug, this names the current one (the web replaces its URL; the page 301s)',
    ),
  isPublic: z.boolean().describe('Public by default'),
  currentSummary: z.string().nullable().describe('Generated from accepted vouches; null before the first one (the web shows its fallback text)'),
  customBio: z.string().nullable().describe(`Written by the member, at most ${CUSTOM_BIO_MAX_LENGTH} characters`),
  headline: z.string().nullable().describe(`Role and company, written by the member ("Product designer at Acme"), at most ${HEADLINE_MAX_LENGTH} characters`),
  createdAt: isoDateTime(),
}).meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/**
 * A vouch the member received and accepted, as the public profile shows it: who gave it (the
 * voucher's consent is the vouch itself), never a phone.
 */
export const publicProfileVouchSchema = z.object({
  id: z.number().int(),
  voucherName: z.string().describe('"A former member" once the voucher deleted their account'),
  voucherProfileSlug: z.string().nullable().describe("The voucher's public profile; null when it is private, not created yet, or the voucher is a former member"),
  type: z.enum(VOUCH_TYPES),
  reason: z.string().nullable(),
  skills: z.string().nullable(),
  characterTraits: z.string().nullable(),
  accomplishments: z.string().nullable(),
  acceptedAt: isoDateTime(),
}).meta({ id: 'PublicProfileVouch' });
export type PublicProfileVouch = z.infer<typeof publicProfileVouchSchema>;

/** A vouch the member received and accepted, as the member's own summary shows it. */
export const profileVouchSchema = publicProfileVouchSchema;
export type ProfileVouch = z.infer<typeof profileVouchSchema>;

const tags = z.array(z.string()).describe(`At most ${PROFILE_TAG_LIMIT}, most frequent first`);

/** GET /api/profile/my-summary (signed in). */
export const mySummaryResponse = z.object({
  profile: profileSchema,
  vouches: z.array(profileVouchSchema).describe(`Accepted vouches received, most recently accepted first (at most ${MY_SUMMARY_VOUCH_LIMIT})`),
  stats: z.object({
    vouchCount: z.number().int().describe('Accepted vouches received'),
    recommendationCount: z.number().int(),
    invitationCount: z.number().int(),
    skillTags: tags,
    traitTags: tags,
  }),
}).meta({ id: 'ProfileSummary' });
export type MySummary = z.infer<typeof mySummaryResponse>;

/** One part of a member's name: trimmed, required, at most 50 characters, the person-name rule (names.ts). */
function namePart(label: string, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(NAME_PART_MAX_LENGTH, { error: messages.tooLong, abort: true })
    .superRefine(personNameRule(label))
    .regex(PERSON_NAME_PATTERN);
}

/**
 * First and last name read together: a word of letters that only look Latin beside a Latin one
 * ("Мауа" + "Chen") is refused on the first name (issue 43 item 4). For an object schema's superRefine.
 */
export function wholeNameRule(body: { firstName?: string | undefined; lastName?: string | undefined }, ctx: { addIssue(issue: { code: 'custom'; message: string; path: string[] }): void }): void {
  if (typeof body.firstName !== 'string' || typeof body.lastName !== 'string') return;
  if (hasLookalikeWord(`${body.firstName} ${body.lastName}`)) ctx.addIssue({ code: 'custom', message: personNameMessages.lookalike('Your name'), path: ['firstName'] });
}

/** PATCH /api/profile: change what the member controls; absent fields stay as they are. */
export const updateProfileBody = z.strictObject({
  firstName: namePart('First name', { required: PROFILE_MESSAGES.firstNameRequired, tooLong: PROFILE_MESSAGES.firstNameTooLong })
    .optional()
    .describe('With lastName: the name everyone sees becomes "First Last"'),
  lastName: namePart('Last name', { required: PROFILE_MESSAGES.lastNameRequired, tooLong: PROFILE_MESSAGES.lastNameTooLong }).optional(),
  headline: z
    .string({ error: PROFILE_MESSAGES.headlineText })
    .trim()
    .max(HEADLINE_MAX_LENGTH, { error: PROFILE_MESSAGES.headlineTooLong, abort: true })
    .superRefine(memberTextRule('Your headline', { multiline: false }))
    .regex(memberTextPattern({ multiline: false }))
    .nullable()
    .optional()
    .describe(`Role and company, at most ${HEADLINE_MAX_LENGTH} characters; blank or null removes it`),
  isPublic: z.boolean({ error: PROFILE_MESSAGES.isPublicBoolean }).optional(),
  profileSlug: z
    .string({ error: PROFILE_MESSAGES.slugText })
    .trim()
    .superRefine((slug, ctx) => {
      // Checked before lowering: a non-ASCII letter that lowers to one (the Kelvin sign K) is not a slug letter.
      const problem = profileSlugProblem(slug.toLowerCase()) ?? (/^[\x21-\x7e]*$/.test(slug) ? null : PROFILE_MESSAGES.slugShape);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .toLowerCase()
    .optional()
    .meta({
      pattern: profileSlugWirePattern(),
      minLength: PROFILE_SLUG_MIN_LENGTH,
      description: `The profile URL the member chooses (/profile/{profileSlug}): ${PROFILE_SLUG_MIN_LENGTH}–${PROFILE_SLUG_MAX_LENGTH} letters, digits and single hyphens between them after trimming (upper case is lowered: it is stored and shown in lower case), not a reserved word (${[...RESERVED_PROFILE_SLUGS].join(', ')}); 409 PROFILE_URL_TAKEN when another member has or once had it. The earlier URLs stay the member's and redirect to the new one`,
    }),
  customBio: z
    .string()
    .trim()
    .max(CUSTOM_BIO_MAX_LENGTH, { error: PROFILE_MESSAGES.bioTooLong })
    .superRefine(memberTextRule('Your bio', { multiline: true }))
    .regex(memberTextPattern({ multiline: true }))
    .nullable()
    .optional()
    .describe(`At most ${CUSTOM_BIO_MAX_LENGTH} characters; blank or null removes the bio`),
}).superRefine(wholeNameRule);
export type UpdateProfileInput = z.input<typeof updateProfileBody>;

export const updateProfileResponse = z.object({
  profile: profileSchema,
  user: z.object({ name: z.string().describe('The name as it now is ("First Last")') }),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

/** GET /api/profile/public/{slug} (anonymous; 404 unless public). */
export const publicProfileResponse = z.object({
  profile: profileSchema,
  user: z.object({
    name: z.string(),
    memberSince: z.number().int().describe('The year the member joined'),
  }),
  vouches: z.array(publicProfileVouchSchema).describe(`The ${PUBLIC_PROFILE_VOUCH_LIMIT} most recently accepted vouches`),
  totalVouches: z.number().int().describe('All accepted vouches received ("+ N more vouches" = totalVouches − vouches.length)'),
  stats: z.object({
    vouchCount: z.number().int(),
    skillTags: tags,
    traitTags: tags,
  }),
  viewer: z
    .object({
      isOwner: z.boolean().describe('The signed-in caller is this member'),
      memberId: z.number().int().describe('This member\'s id (the profile\'s actions address them by it: Vouch for, Ask for a vouch)'),
      vouchedByCount: z.number().int().describe('Distinct members whose vouch this member accepted (former members not counted)'),
      knownCount: z.number().int().describe('Of those, members the caller knows: an accepted vouch joins them to the caller, either way (the caller not counted)'),
      known: z
        .array(z.object({ id: z.number().int(), name: z.string() }))
        .describe(`The first ${KNOWN_VOUCHERS_LIMIT} of those the caller knows, by name`),
    })
    .nullable()
    .describe('Null for an anonymous visitor: "Vouched by 8 people, 2 of whom you know"'),
}).meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileResponse>;

/** GET /api/profile/public/{slug}/vouches (anonymous; 404 unless public): one page of all accepted vouches. */
export const publicProfileVouchesResponse = z
  .array(publicProfileVouchSchema)
  .describe(`Accepted vouches, most recently accepted first, ${PROFILE_VOUCH_PAGE_SIZE} a page by default; the next page in the Link header`);

/** A person on the path between the viewer and a member. */
const connectionPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reputationScore: z.number().describe('0–100, the reputation model\'s score'),
});
const connectionLinkSchema = z.object({
  fromId: z.number().int(),
  toId: z.number().int(),
  trust: z.number().describe('The lower reputation score of its two ends'),
});

/** GET /api/profile/public/{slug}/connection (signed in): how the caller is connected to the member. */
export const connectionResponse = z.object({
  degree: z.number().int().min(1).max(CONNECTION_MAX_DEGREE).describe('Accepted vouches on the path'),
  people: z.array(connectionPersonSchema).describe('The caller first, the member last'),
  links: z.array(connectionLinkSchema).describe('One per accepted vouch on the path, in order (either direction)'),
  weakestLink: connectionLinkSchema.describe('The least-trusted link (the earliest one on a tie)'),
});
export type ProfileConnection = z.infer<typeof connectionResponse>;

/** The same call with `?states=true`: no path within the degrees is a 200 state, not a 404 (issue 28). */
export const notConnectedStateSchema = z.object({
  connected: z.literal(false),
  detail: z.string().describe('"You and Sam Lee are not connected within 3 degrees."'),
}).meta({ id: 'NotConnected' });
export type NotConnectedState = z.infer<typeof notConnectedStateSchema>;
export const connectionStateResponse = z.union([connectionResponse, notConnectedStateSchema]);
export type ProfileConnectionState = z.infer<typeof connectionStateResponse>;

/** The member id in /api/profile/members/{memberId}: a positive whole number. */
export const memberIdParam = z.object({
  memberId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: PROFILE_MESSAGES.memberIdShape })
    .transform(Number),
});

/** GET /api/profile/members/{memberId} (signed in): where a member's profile lives. */
export const memberProfileResponse = z.object({ profileSlug: z.string() });
export type MemberProfileRef = z.infer<typeof memberProfileResponse>;

/** One vouch in a score explanation: who gave it and what it adds to the score now. */
const explainedVouchSchema = z.object({
  voucherId: z.number().int(),
  voucherName: z.string(),
  trustedBy: z.number().int().describe('Accepted vouches the voucher received'),
  type: z.enum(VOUCH_TYPES),
  points: z.number().int().describe('What this vouch adds to the score (whole points)'),
});

/** GET /api/profile/my-reputation (issue 44 item 5): what makes up my score and what moved it last. */
export const reputationExplanationResponse = z.object({
  score: z.number().int().describe('The reputation score as shown (0–100, whole)'),
  fromVouches: z.number().int().describe('The part of the score the accepted vouches received make'),
  fromHelping: z.number().int().describe('The lift from vouching for others and introductions (at most a fifth of the score)'),
  vouches: z.array(explainedVouchSchema).describe('The vouches that add the most, largest first (at most 5)'),
  otherVouches: z.object({ count: z.number().int(), points: z.number().int() }).describe('The remaining vouches together'),
  maxVouchPoints: z.number().int().describe('The most one vouch\'s own share can be (docs/reputation.md)'),
  lastChange: z
    .object({
      from: z.number().int(),
      to: z.number().int(),
      changedAt: isoDateTime('When the shown score last moved (ISO 8601)'),
      vouches: z.array(explainedVouchSchema).describe('Vouches accepted since the change before, with what each added'),
      network: z.number().int().describe('The rest of the change: the network around me changed (scores are relative)'),
    })
    .nullable()
    .describe('null until the shown score has moved once'),
});
export type ReputationExplanation = z.infer<typeof reputationExplanationResponse>;
export type ExplainedVouch = z.infer<typeof explainedVouchSchema>;
