import { z } from 'zod';
import { BODY_PROBLEMS, jsonRequestBody, jsonResponse, problemResponse, SIGNED_IN, tooManyRequestsResponse, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  activitySchema,
  changePhoneBody,
  deviceSchema,
  INTRODUCTION_ROLES,
  INTRODUCTION_STATUSES,
  introductionRequestSchema,
  isoDateTime,
  notificationPreferencesSchema,
  planNameSchema,
  subscriptionStatusSchema,
  SUGGESTION_STATUSES,
  USAGE_KINDS,
  userResponse,
  userSchema,
  VOUCH_ASK_STATUSES,
  VOUCH_STATUSES,
  vouchSchema,
} from '@vouch/contracts';

const tags = ['account'];

/** A vouch as exported: the Vouch without its link token, any status (revoked too), and when it was answered. */
const exportedVouch = vouchSchema
  .omit({ vouchToken: true, publicToken: true })
  .extend({ status: z.enum(VOUCH_STATUSES), respondedAt: isoDateTime().nullable() })
  .meta({ id: 'ExportedVouch' });
const exportedActivity = z.object({ type: activitySchema.shape.type, description: z.string(), link: z.string().nullable(), createdAt: isoDateTime() });
const exportedProfile = z.object({
  slug: z.string(),
  isPublic: z.boolean(),
  customBio: z.string().nullable(),
  headline: z.string().nullable(),
  currentSummary: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
const exportedAsk = z.object({ role: z.enum(['asker', 'asked']), status: z.enum(VOUCH_ASK_STATUSES), message: z.string().nullable(), createdAt: isoDateTime(), answeredAt: isoDateTime().nullable() });
/** People are named, never their phones (those are theirs, not the member's). */
const exportedSuggestion = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  suggesterName: z.string(),
  suggestedPersonName: z.string(),
  isSelfSuggestion: z.boolean(),
  reasoning: z.string(),
  status: z.enum(SUGGESTION_STATUSES),
  createdAt: isoDateTime(),
  respondedAt: isoDateTime().nullable(),
});
const exportedRequest = introductionRequestSchema
  .pick({ id: true, requestType: true, desiredSkills: true, reason: true, context: true, status: true, degreeLevel: true, createdAt: true })
  .extend({ updatedAt: isoDateTime(), suggestions: z.array(exportedSuggestion) });
const exportedIntroduction = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  role: z.enum(INTRODUCTION_ROLES),
  requesterName: z.string(),
  targetName: z.string(),
  connectorName: z.string(),
  status: z.enum(INTRODUCTION_STATUSES),
  createdAt: isoDateTime(),
  expiresAt: isoDateTime(),
  answeredAt: isoDateTime().nullable(),
});

/** The export document (format vouch-member-data/1): auth's member and sessions, then each service's part. */
const accountExport = z
  .object({
    format: z.literal('vouch-member-data/1'),
    exportedAt: isoDateTime(),
    member: userSchema,
    sessions: z.array(z.object({ createdAt: isoDateTime(), lastSeenAt: isoDateTime(), expiresAt: isoDateTime(), revokedAt: isoDateTime().nullable() })),
    vouches: z
      .object({ given: z.array(exportedVouch), received: z.array(exportedVouch), vouchAsks: z.array(exportedAsk), profile: exportedProfile.nullable() })
      .describe('Vouches given and received with their texts, asks for a vouch, the public profile (null before there is one)'),
    notifications: z
      .object({ activities: z.array(exportedActivity), devices: z.array(deviceSchema), preferences: notificationPreferencesSchema })
      .describe('The activity feed (the bell), the devices registered for push (never their tokens), how each kind of notification reaches me'),
    introductions: z
      .object({ requests: z.array(exportedRequest), suggestionsMade: z.array(exportedSuggestion), suggestionsOfMe: z.array(exportedSuggestion), introductions: z.array(exportedIntroduction) })
      .describe('Introduction requests (with the suggestions they received), suggestions made, suggestions naming me, introductions I take part in'),
    subscriptions: z
      .object({
        subscription: z
          .object({ plan: planNameSchema, status: subscriptionStatusSchema, currentPeriodEnd: isoDateTime().nullable(), cancelAtPeriodEnd: z.boolean(), createdAt: isoDateTime() })
          .nullable()
          .describe('null while on Network Builder (the free plan) without a subscription row'),
        usage: z.array(z.object({ kind: z.enum(USAGE_KINDS), periodStart: z.iso.date().describe('The first day of the month (UTC)'), used: z.number().int() })),
      })
      .describe('Plan, status, period and monthly usage; no payment identifiers'),
  })
  .meta({ id: 'AccountExport' });

export function registerAccountOpenApi(registry: OpenApiRegistry): void {
  registry.registerPath({
    method: 'put',
    path: '/api/account/phone',
    operationId: 'changeMyPhone',
    tags,
    security: SIGNED_IN,
    summary: 'Sign in with another phone number from now on',
    description:
      'Needs two codes: a fresh one for the current phone in this session (sign-in or POST /auth/reverify within 10 minutes, else 403 REVERIFICATION_REQUIRED), and the one texted to the new phone (request it with POST /auth/request-otp for the new phone; send its attemptId and code here). The sessions stay signed in and follow the new phone; devices lose the old phone\'s allowance of codes. Vouches still waiting, sent to the old phone, stay addressed to it.',
    request: { body: jsonRequestBody(changePhoneBody, { phone: '+15551234567', attemptId: 'kq3VdV2mJ8bXxW1yU5aT0w', otp: '123456' }) },
    responses: {
      200: jsonResponse(userResponse, 'The member, with the new phone'),
      400: problemResponse('Invalid body, the same phone, or a wrong, spent or unknown code for the new phone'),
      401: unauthorizedResponse(),
      403: problemResponse('No fresh code in this session (REVERIFICATION_REQUIRED)'),
      409: problemResponse('Another member signs in with that phone'),
      410: problemResponse('The code expired or was used'),
      429: tooManyRequestsResponse('Too many attempts'),
      ...BODY_PROBLEMS,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/account/export',
    operationId: 'exportMyData',
    tags,
    security: SIGNED_IN,
    summary: 'Export my data: everything the product holds about me, as a JSON download',
    description:
      'Sent with Content-Disposition: attachment (vouch-data-YYYY-MM-DD.json) and Cache-Control: no-store. Never contains a secret: no session token or hash, no sign-in code, no payment-provider identifier.',
    responses: {
      200: jsonResponse(accountExport, 'The member data document'),
      401: unauthorizedResponse(),
      503: problemResponse('The data services are not available on this server'),
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/api/account',
    operationId: 'deleteMyAccount',
    tags,
    security: SIGNED_IN,
    summary: 'Delete my account',
    description:
      'Needs a fresh code in this session (sign-in or POST /auth/reverify within 10 minutes): else 403 REVERIFICATION_REQUIRED and nothing happens. All or nothing. A paid Stripe subscription is cancelled first (no further charges); if Stripe fails the answer is 502 and nothing is deleted. Then, in one transaction: the member, every session (they stop working at once, the cookie is cleared), the public profile, the activity feed, devices and notification preferences, asks for a vouch, vouches received, vouches given that were not accepted (pending invitations go), introduction requests and suggestions, subscription and usage. Accepted vouches the member gave stay with their recipients, anonymised: the voucher reads "A former member", linked to no one and absent from every network. The phone can register again as a new member. Reputation is recomputed afterwards.',
    responses: {
      204: { description: 'Deleted; signed out' },
      401: unauthorizedResponse(),
      403: problemResponse('No fresh code in this session (REVERIFICATION_REQUIRED): confirm with POST /auth/reverify first'),
      502: problemResponse('The payment provider could not cancel the subscription; nothing was deleted'),
      503: problemResponse('The payment provider or the data services are unavailable; nothing was deleted'),
    },
  });
}
