/**
 * Plans, usage and billing on the wire (SPEC §3 "Subscription status", "Usage"; §7
 * subscription calls; §9 plans), shared by the web and the subscriptions service. The
 * service's plans table (services/subscriptions/src/domain/plans.ts) is the only place
 * limits, prices and features live; these schemas describe how they travel.
 */
import { z } from 'zod';
import { isoDateTime } from './wire';
import { PLAN_NAMES, SUBSCRIPTION_STATUSES } from './subscriptions.rules';

export * from './subscriptions.rules';

export const planNameSchema = z.enum(PLAN_NAMES).meta({ id: 'PlanName' });
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES).meta({ id: 'SubscriptionStatusValue', description: 'active, or a Stripe subscription status' });
const usageOfKind = z.object({ used: z.number().int(), monthly: z.number().int().describe('-1 means unlimited') });

/** GET /api/subscriptions/status */
export const subscriptionStatusResponse = z.object({
  plan: z.object({ name: planNameSchema, displayName: z.string() }),
  status: subscriptionStatusSchema,
}).meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

/** GET /api/usage/current */
export const currentUsageResponse = z.object({
  vouches: usageOfKind,
  invites: usageOfKind,
  introductions: usageOfKind,
  vouchAsks: usageOfKind.describe('Asks for a vouch (POST /api/vouch-asks)'),
  periodEnd: isoDateTime('ISO 8601: when this month’s allowances reset (00:00 UTC on the 1st)'),
}).meta({ id: 'Usage' });
export type CurrentUsage = z.infer<typeof currentUsageResponse>;
export type UsageOfKind = z.infer<typeof usageOfKind>;

/** POST /api/subscriptions/create */
export const createSubscriptionResponse = z.object({
  clientSecret: z.string().nullable().describe('For the Stripe Payment Element; null when no payment step is needed'),
  status: subscriptionStatusSchema,
});
export type CreateSubscriptionResult = z.infer<typeof createSubscriptionResponse>;

/** POST /api/subscriptions/cancel */
export const cancelSubscriptionResponse = z.object({
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: isoDateTime().nullable(),
});
export type CancelSubscriptionResult = z.infer<typeof cancelSubscriptionResponse>;

/** POST /api/subscriptions/portal */
export const portalResponse = z.object({ url: z.string() });
export type PortalResult = z.infer<typeof portalResponse>;

const planSchema = z.object({
  name: planNameSchema,
  displayName: z.string(),
  priceMonthlyUsd: z.number().int(),
  monthly: z.object({ vouches: z.number().int(), invites: z.number().int(), introductions: z.number().int(), vouchAsks: z.number().int() }),
  introductionDegrees: z.array(z.number().int()),
  selfSuggestDegrees: z.array(z.number().int()),
  matchSuggestions: z.number().int(),
  apiAccess: z.boolean().describe("SPEC's API access: personal API tokens for the member's own integrations (enterprise; not issued yet). The apps' own sessions, cookie or bearer, work on every plan"),
  features: z.array(z.string()),
}).meta({ id: 'Plan' });

/** GET /api/subscriptions/plans (public) */
export const plansResponse = z.object({
  billing: z.object({
    provider: z.enum(['local', 'stripe', 'none']),
    publishableKey: z.string().nullable().describe('Stripe publishable key for Elements (STRIPE_PUBLISHABLE_KEY)'),
  }),
  plans: z.array(planSchema),
});
export type PlansResponse = z.infer<typeof plansResponse>;
export type PlanSummary = z.infer<typeof planSchema>;
export type BillingProvider = PlansResponse['billing']['provider'];
