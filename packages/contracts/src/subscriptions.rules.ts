/**
 * What the subscriptions contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./subscriptions.ts, which re-exports all of this for everyone else).
 */

/** SPEC §4: free, premium, enterprise (cheapest first). */
export const PLAN_NAMES = ['free', 'premium', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** A subscription's status: `active` (also without a paid plan), or what Stripe reports. */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a member spends one unit of, once a month. */
export const USAGE_KINDS = ['vouches', 'invites', 'introductions', 'vouchAsks'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** `monthly: -1` means unlimited (SPEC §9). */
export const UNLIMITED_MONTHLY = -1;

/** "$0", "$29": plan prices are whole US dollars a month. */
export function formatPrice(priceMonthlyUsd: number): string {
  return `$${priceMonthlyUsd.toLocaleString('en-US')}`;
}

/**
 * A subscription status as a person reads it: "active" stays "active" (SPEC §4); Stripe's
 * other statuses are spelled out in words ("past_due" → "past due").
 */
export function formatStatus(status: string): string {
  return status.replace(/_/g, ' ').trim().toLowerCase();
}

/** Green for statuses under which the plan applies, orange for the rest. */
export function statusTone(status: string): 'green' | 'orange' {
  return ['active', 'trialing'].includes(status) ? 'green' : 'orange';
}
