import { z } from 'zod';
import { jsonResponse, problemResponse, SIGNED_IN, unauthorizedResponse, type OpenApiRegistry } from '@vouch/service-core';
import { isoDateTime, VOUCH_STATUSES, vouchSchema } from '@vouch/contracts';

const tags = ['account'];

/** The export document's shape, as far as a client can rely on it. */
/** A vouch as exported: the Vouch without its link token, any status (revoked too), and when it was answered. */
const exportedVouch = vouchSchema
  .omit({ vouchToken: true, publicToken: true })
  .extend({ status: z.enum(VOUCH_STATUSES), respondedAt: isoDateTime().nullable() })
  .meta({ id: 'ExportedVouch' });
const exportedActivity = z.object({ type: z.string(), description: z.string(), createdAt: isoDateTime() });

const accountExport = z
  .object({
    format: z.literal('vouch-member-data/1'),
    exportedAt: z.string().describe('ISO 8601'),
    member: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).passthrough().describe('SPEC §3 User profile'),
    sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable() })),
    vouches: z
      .object({ given: z.array(exportedVouch), received: z.array(exportedVouch), activities: z.array(exportedActivity), profile: z.unknown() })
      .describe('Vouches given and received with their texts, the activity feed, the public profile'),
    introductions: z
      .object({ requests: z.array(z.unknown()), suggestionsMade: z.array(z.unknown()), suggestionsOfMe: z.array(z.unknown()) })
      .describe('Introduction requests (with the suggestions they received), suggestions made, suggestions naming me'),
    subscriptions: z.object({ subscription: z.unknown(), usage: z.array(z.unknown()) }).describe('Plan, status, period and monthly usage; no payment identifiers'),
  })
  .passthrough();

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
