/**
 * Profiles on the wire (SPEC §2 "Profile summary card", "Public profile page"; §3 "Public
 * profile"; §7 profile calls), shared by the web and the vouches service, which owns profiles.
 */
import { z } from 'zod';
import { VOUCH_TYPES } from './vouches.rules';
import { CUSTOM_BIO_MAX_LENGTH, MY_SUMMARY_VOUCH_LIMIT, PROFILE_MESSAGES, PROFILE_TAG_LIMIT, PUBLIC_PROFILE_VOUCH_LIMIT } from './profiles.rules';

export * from './profiles.rules';

/** The profile (SPEC §3 Public profile → profile). */
export const profileSchema = z.object({
  profileSlug: z.string().describe('Readable and stable: "jane-doe", "jane-doe-2" on a collision; the page is /profile/{profileSlug}'),
  isPublic: z.boolean().describe('Public by default'),
  currentSummary: z.string().nullable().describe('Generated from accepted vouches; null before the first one (the web shows its fallback text)'),
  customBio: z.string().nullable().describe(`Written by the member, at most ${CUSTOM_BIO_MAX_LENGTH} characters`),
  createdAt: z.string().describe('ISO 8601'),
});
export type Profile = z.infer<typeof profileSchema>;

/** A vouch the member received and accepted, as the public profile shows it (no voucher, no phone). */
export const publicProfileVouchSchema = z.object({
  id: z.number().int(),
  type: z.enum(VOUCH_TYPES),
  reason: z.string().nullable(),
  skills: z.string().nullable(),
  characterTraits: z.string().nullable(),
  accomplishments: z.string().nullable(),
  acceptedAt: z.string().describe('ISO 8601'),
});
export type PublicProfileVouch = z.infer<typeof publicProfileVouchSchema>;

/** A vouch the member received and accepted, as the member's own summary shows it. */
export const profileVouchSchema = publicProfileVouchSchema.extend({
  voucherName: z.string(),
});
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
});
export type MySummary = z.infer<typeof mySummaryResponse>;

/** PATCH /api/profile: change what the member controls; absent fields stay as they are. */
export const updateProfileBody = z.strictObject({
  isPublic: z.boolean({ error: PROFILE_MESSAGES.isPublicBoolean }).optional(),
  customBio: z
    .string()
    .trim()
    .max(CUSTOM_BIO_MAX_LENGTH, { error: PROFILE_MESSAGES.bioTooLong })
    .nullable()
    .optional()
    .describe(`At most ${CUSTOM_BIO_MAX_LENGTH} characters; blank or null removes the bio`),
});
export type UpdateProfileInput = z.input<typeof updateProfileBody>;

export const updateProfileResponse = z.object({ profile: profileSchema });
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
      vouchedByCount: z.number().int().describe('Distinct members whose vouch this member accepted'),
      inYourNetworkCount: z.number().int().describe('Of those, members within 2° of the caller (the caller not counted)'),
    })
    .nullable()
    .describe('Null for an anonymous visitor: "Vouched for by N members, K in your network"'),
});
export type PublicProfile = z.infer<typeof publicProfileResponse>;
