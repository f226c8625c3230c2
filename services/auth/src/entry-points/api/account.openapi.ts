import { z } from 'zod';
import { jsonResponse, problemResponse, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import {
  activitySchema,
  INTRODUCTION_ROLES,
  INTRODUCTION_STATUSES,
  introductionRequestSchema,
  isoDateTime,
  planNameSchema,
  subscriptionStatusSchema,
  SUGGESTION_STATUSES,
  USAGE_KINDS,
  userSchema,
  VOUCH_STATUSES,
  vouchSchema,
} from '@vouch/contracts';

const tags = ['account'];

/** A vouch as exported: the Vouch without its link token, any status (revoked too), and when it was answered. */
const exportedVouch = vouchSchema
  .omit({ vouchToken: true, publicToken: true })
  .extend({ status: z.enum(VOUCH_STATUSES), respondedAt: isoDateTime().nullable() })
  .meta({ id: 'ExportedVouch' });
const exportedActivity = z.object({ type: activitySchema.shape.type, description: z.string(), createdAt: isoDateTime() });
const exportedProfile = z.object({
  slug: z.string(),
  isPublic: z.boolean(),
  customBio: z.string().nullable(),
  headline: z.string().nullable(),
  currentSummary: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
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
      .object({ given: z.array(exportedVouch), received: z.array(exportedVouch), activities: z.array(exportedActivity), profile: exportedProfile.nullable() })
      .describe('Vouches given and received with their texts, the activity feed, the public profile (null before there is one)'),
    introductions: z
      .object({ requests: z.array(exportedRequest), suggestionsMade: z.array(exportedSuggestion), suggestionsOfMe: z.array(exportedSuggestion), introductions: z.array(exportedIntroduction) })
      .describe('Introduction requests (with the suggestions they received), suggestions made, suggestions naming me, introductions I take part in'),
    subscriptions: z
      .object({
        subscription: z
          .object({ plan: planNameSchema, status: subscriptionStatusSchema, currentPeriodEnd: isoDateTime().nullable(), cancelAtPeriodEnd: z.boolean(), createdAt: isoDateTime() })
          .nullable()
          .describe('null while on the free plan without a subscription row'),
        usage: z.array(z.object({ kind: z.enum(USAGE_KINDS), periodStart: z.iso.date().describe('The first day of the month (UTC)'), used: z.number().int() })),
      })
      .describe('Plan, status, period and monthly usage; no payment identifiers'),
  })
  .meta({ id: 'AccountExport' });

export function registerAccountOpenApi(registry: OpenApiRegistry): void {
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
      'All or nothing. A paid Stripe subscription is cancelled first (no further charges); if Stripe fails the answer is 502 and nothing is deleted. Then, in one transaction: the member, every session (they stop working at once, the cookie is cleared), the public profile, activities, vouches received, vouches given that were not accepted (pending invitations go), introduction requests and suggestions, subscription and usage. Accepted vouches the member gave stay with their recipients, anonymised: the voucher reads "A former member", linked to no one and absent from every network. The phone can register again as a new member. Reputation is recomputed afterwards.',
    responses: {
      204: { description: 'Deleted; signed out' },
      401: unauthorizedResponse(),
      502: problemResponse('The payment provider could not cancel the subscription; nothing was deleted'),
      503: problemResponse('The payment provider or the data services are unavailable; nothing was deleted'),
    },
  });
}
