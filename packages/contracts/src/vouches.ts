/**
 * Vouches on the wire (SPEC §3 "Vouch", "Activity"; §5 Vouch form; §7 vouch calls), shared by
 * the web and the vouches service. The server still normalises and checks every field itself;
 * `vouchRuleErrors` is the one copy of the form rules both sides apply.
 */
import { z } from 'zod';
import { NOTIFICATION_OBJECT_TYPES } from './notifications.rules';
import { isoDateTime } from './wire';
import { memberTextPattern, memberTextRule } from './member-text';
import { PERSON_NAME_PATTERN } from './names';
import { ACTIVITY_KINDS, ACTIVITY_TYPES, type ActivityKind, RECORDED_ACTIVITY_TYPES, RECIPIENT_NAME_MAX_LENGTH, VOUCH_CATEGORY_FIELDS, VOUCH_CATEGORY_MAX_LENGTH, VOUCH_REASON_MAX_LENGTH, VOUCH_RESPONSE_ACTIONS, VOUCH_STATUSES, VOUCH_TOKEN_MAX_LENGTH, VOUCH_TYPES, VOUCH_RELATIONSHIPS } from './vouches.rules';

export * from './vouches.rules';

/** Member-written text (member-text.ts: no bidi controls, separators or control characters; line breaks kept). */
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max).superRefine(memberTextRule(label, { multiline: true })).regex(memberTextPattern({ multiline: true })).nullable().optional();

/** How the voucher knows the recipient (VOUCH_RELATIONSHIPS), one word of the list or a 400. */
export const relationshipSchema = z.enum(VOUCH_RELATIONSHIPS, { error: `Relationship must be one of: ${VOUCH_RELATIONSHIPS.join(', ')}.` }).meta({ id: 'VouchRelationship' });

/** Text with something besides white space (what the server's trim leaves non-empty), as a JSON Schema. */
const filledText = { type: 'string', pattern: '\\S' } as const;

/**
 * The rules of vouchRuleErrors the document can say, for a client's validator (ajv agrees with the
 * server on them: api-gateway/test/openapi-bodies.api.test.ts): a recipient name as the person-name
 * rule has it once trimmed, and a recommendation's reason and at least one category, not blank.
 */
const RECIPIENT_NAME_WIRE_PATTERN = `^\\s*${PERSON_NAME_PATTERN.source.slice(1, -1)}\\s*$`;
// `unevaluatedProperties: true` says what a subschema means anyway (it checks some fields, allows
// the rest): Redocly's example check otherwise reads each one as closed to the fields it names.
const RECOMMENDATION_NEEDS = {
  if: { properties: { type: { const: 'recommendation' } } },
  then: {
    required: ['reason'],
    properties: { reason: filledText },
    anyOf: VOUCH_CATEGORY_FIELDS.map((field) => ({ required: [field], properties: { [field]: filledText }, unevaluatedProperties: true })),
    unevaluatedProperties: true,
  },
};

/**
 * `POST /api/vouches` as sent (SPEC §7): unticked categories are null; blank text counts as
 * null too. The phone is whatever the person typed, normalised by the client (SPEC §5) and
 * again by the server.
 */
export const createVouchBody = z.object({
  type: z.enum(VOUCH_TYPES),
  recipientName: z
    .string()
    .trim()
    .max(RECIPIENT_NAME_MAX_LENGTH)
    .meta({ pattern: RECIPIENT_NAME_WIRE_PATTERN, description: "The recipient's name: letters, no line breaks, angle brackets or invisible formatting characters" }),
  recipientPhone: z.string().trim().max(32).optional().describe('Required unless recipientMemberId names the recipient'),
  recipientMemberId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('A member to vouch for by id (Vouch for on a profile, Vouch back, an ask): the server uses their phone, which the voucher never sees (it is masked in the answer); recipientPhone is then ignored'),
  reason: optionalText(VOUCH_REASON_MAX_LENGTH, 'The reason'),
  characterTraits: optionalText(VOUCH_CATEGORY_MAX_LENGTH, 'Character traits'),
  skills: optionalText(VOUCH_CATEGORY_MAX_LENGTH, 'Skills'),
  accomplishments: optionalText(VOUCH_CATEGORY_MAX_LENGTH, 'Accomplishments'),
  relationship: relationshipSchema
    .nullable()
    .optional()
    .describe('What the recipient is to the voucher. The web always sends one; omitted or null (older clients) the vouch holds none'),
}).meta({
  description: 'A recommendation needs a reason and at least one of characterTraits, skills, accomplishments, none of them blank; an invite needs neither',
  allOf: [RECOMMENDATION_NEEDS],
});
export type CreateVouchInput = z.input<typeof createVouchBody>;

/**
 * A vouch token in a body (`vouchToken`: respond to a vouch, sign in through its link): text of
 * 1–VOUCH_TOKEN_MAX_LENGTH characters, else 400. A token of another shape is simply not found
 * (isVouchTokenShape, checked by the vouches service before any query).
 */
export const vouchTokenSchema = z.string().trim().min(1, 'Vouch token must not be empty.').max(VOUCH_TOKEN_MAX_LENGTH, 'Vouch token is too long.');

/** `POST /api/vouches/accept` and `PUT /api/vouches/respond`. */
export const respondVouchBody = z.object({
  vouchToken: vouchTokenSchema,
  action: z.enum(VOUCH_RESPONSE_ACTIONS),
  relationship: relationshipSchema
    .optional()
    .describe("Accepting only: the recipient's correction of the vouch's relationship, from the voucher's side as stored (what the recipient is to the voucher); omitted keeps the voucher's choice"),
});
export type RespondVouchInput = z.input<typeof respondVouchBody>;

/** A vouch (SPEC §3). `publicToken` repeats `vouchToken` (the public link's other name). */
export const vouchSchema = z.object({
  id: z.number().int(),
  type: z.enum(VOUCH_TYPES),
  status: z.enum(VOUCH_STATUSES),
  vouchToken: z.string(),
  publicToken: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string().describe('E.164 for the voucher and the recipient; masked to the last four digits ("•••-•••-1234") on the public page'),
  reason: z.string().nullable(),
  skills: z.string().nullable(),
  characterTraits: z.string().nullable(),
  accomplishments: z.string().nullable(),
  voucherName: z.string(),
  relationship: relationshipSchema
    .nullable()
    .describe("What the recipient is to the voucher (the recipient sees the inverse: the voucher's manager has them as report); null for vouches made before relationships"),
  voucherId: z.number().int().nullable().describe('The member who vouched (open /members/{id}); null after they deleted their account, and on the public page'),
  recipientId: z.number().int().nullable().describe('The member who answered it; null while pending, and on the public page'),
  createdAt: isoDateTime(),
  acceptedAt: isoDateTime('ISO 8601; null until accepted').nullable(),
  expiresAt: isoDateTime('ISO 8601; a pending vouch past this instant cannot be answered'),
  lastSharedAt: isoDateTime('ISO 8601; when the voucher last copied or texted the link (POST /api/vouches/{id}/shared); null until then, and always on the public page').nullable(),
  addressedToMember: z.boolean().describe('Addressed to a member by id (from their profile, an ask, Vouch back): they were told of it at once (bell, and text and push as they chose), and their phone stays private, so there is no link to text them. False on the public page'),
  updatedAt: isoDateTime('ISO 8601: its last change (created, answered, revoked, shared, its voucher renamed or gone); what `updated_since` compares (the web\'s, best effort: apps sync with …/sync)'),
}).meta({ id: 'Vouch' });
export type Vouch = z.infer<typeof vouchSchema>;

/**
 * The answer to POST /api/vouches: the vouch, and whether its recipient is a member already (named
 * by id, or the phone typed is a member's). A member was told at once; a stranger hears of it only
 * through the link the voucher sends.
 */
export const createdVouchSchema = vouchSchema
  .extend({
    recipientIsMember: z
      .boolean()
      .describe('The recipient is a member (addressed by id, or the phone typed is a member\'s): they were told of it at once (bell, and text and push as they chose), so there is no link to send them. Only in this answer: other reads of the vouch do not say'),
  })
  .meta({ id: 'CreatedVouch' });
export type CreatedVouch = z.infer<typeof createdVouchSchema>;

export const vouchListSchema = z.array(vouchSchema);

/** GET /api/vouches/public/{token}?states=true for a vouch its sender revoked: a 200 state, not a 410 (issue 28). */
export const removedVouchStateSchema = z.object({
  removed: z.literal(true),
  detail: z.string().describe('"This Vouch was removed by its sender."'),
}).meta({ id: 'RemovedVouch' });
export type RemovedVouchState = z.infer<typeof removedVouchStateSchema>;
export const publicVouchStateResponse = z.union([vouchSchema, removedVouchStateSchema]);
export type PublicVouchState = z.infer<typeof publicVouchStateResponse>;

/** A member who vouched for me whom I have not vouched for: "Vouch back for <name>". */
export const vouchBackSchema = z.object({ memberId: z.number().int(), name: z.string() }).meta({ id: 'VouchBack' });
export type VouchBack = z.infer<typeof vouchBackSchema>;
/** The dashboard keeps offering a vouch back until it is given or dismissed (issue 44): at most this many at once. */
export const VOUCH_BACK_LIMIT = 3;

/** The answer to accept / respond: the vouch as it now is. */
export const respondVouchResponse = z.object({
  vouch: vouchSchema,
  vouchBack: vouchBackSchema
    .nullable()
    .optional()
    .describe('After an acceptance: the voucher, to offer "Vouch back for <name>" (Create Vouch by recipientMemberId); null when declined, when the voucher left, or when you already vouched for them (a pending or accepted vouch)'),
});
export type RespondVouchResponse = z.infer<typeof respondVouchResponse>;

export const activitySchema = z.object({
  id: z.number().int(),
  type: z
    .enum(RECORDED_ACTIVITY_TYPES)
    .meta({ id: 'ActivityType', description: `What happened. The web shows an icon for ${ACTIVITY_TYPES.join(', ')} and a default one for the rest; new types may be added: show an unknown one with a default icon` }),
  description: z.string(),
  aboutMemberId: z.number().int().nullable().describe('The other member the activity is about (open /members/{id}); null when there is none'),
  bySelf: z.boolean().describe('The member did it themself ("You vouched for …"): never unread'),
  link: z.string().nullable().describe('The app path this item opens: its object on the right tab (/vouch/…, /my-vouches?tab=sent&vouch=12, /introduction-requests?tab=introductions&introduction=7 …); null when it opens nothing'),
  objectType: z.enum(NOTIFICATION_OBJECT_TYPES).nullable().describe('What the item is about (GET it by id: /api/vouches/{id}, /api/vouch-asks/{id}, /api/introductions/{id}, /api/introduction-requests/{id}, /api/introduction-suggestions/{id}); null for items written before issue 40'),
  objectId: z.number().int().nullable(),
  unread: z.boolean().describe('Done by someone else after the newest activity the member has marked seen (POST /api/activities/seen)'),
  createdAt: isoDateTime(),
}).meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.array(activitySchema);

/** GET /api/activities `kind`: one kind of activity only. */
export const activityKindQuery = z.object({ kind: z.enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]]).optional() });

/** GET /api/activities/unread and the answer to POST /api/activities/seen. */
export const activityUnreadSchema = z.object({
  unread: z.number().int().min(0).describe('Activities others did since the member last marked the feed seen, counted up to 100'),
}).meta({ id: 'ActivityUnread' });
export type ActivityUnread = z.infer<typeof activityUnreadSchema>;

/** POST /api/activities/seen: seen through this activity id (default: the newest). */
export const markActivitiesSeenBody = z.object({
  throughId: z.number().int().positive().optional().describe('The newest activity the member has seen; default: their newest'),
}).strict();
