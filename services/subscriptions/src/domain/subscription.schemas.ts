import { z } from 'zod';
import { PLAN_NAMES } from './plans';

/** POST /api/subscriptions/create. Which plans may be bought is checked by the use case, with its own sentence. */
export const createSubscriptionBody = z.object({
  plan: z.string().trim().min(1, 'Plan is required: choose premium or enterprise.').max(40),
});

/** Cancel and portal take no input; an empty or absent body is fine, anything else is refused. */
export const emptyBody = z.object({}).strict().optional();

const planName = z.enum(PLAN_NAMES);
const usageOfKind = z.object({ used: z.number().int(), monthly: z.number().int().describe('-1 means unlimited') });

export const subscriptionStatusResponse = z.object({
  plan: z.object({ name: planName, displayName: z.string() }),
  status: z.string().describe('active, or a Stripe status (trialing, past_due, unpaid, …)'),
});

export const currentUsageResponse = z.object({
  vouches: usageOfKind,
  invites: usageOfKind,
  introductions: usageOfKind,
  periodEnd: z.string().describe('ISO 8601: when this month’s allowances reset (00:00 UTC on the 1st)'),
});

export const createSubscriptionResponse = z.object({
  clientSecret: z.string().nullable().describe('For the Stripe Payment Element; null when no payment step is needed'),
  status: z.string(),
});

export const cancelSubscriptionResponse = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
});

export const portalResponse = z.object({ url: z.string() });

export const plansResponse = z.object({
  billing: z.object({
    provider: z.enum(['local', 'stripe']),
    publishableKey: z.string().nullable().describe('Stripe publishable key for Elements (STRIPE_PUBLISHABLE_KEY)'),
  }),
  plans: z.array(
    z.object({
      name: planName,
      displayName: z.string(),
      priceMonthlyUsd: z.number().int(),
      monthly: z.object({ vouches: z.number().int(), invites: z.number().int(), introductions: z.number().int() }),
      introductionDegrees: z.array(z.number().int()),
      selfSuggestDegrees: z.array(z.number().int()),
      matchSuggestions: z.number().int(),
      apiAccess: z.boolean(),
      features: z.array(z.string()),
    }),
  ),
});

export const webhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
