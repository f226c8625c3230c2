/**
 * What each plan card offers, given the member's current plan (SPEC "Subscription": three plan
 * cards, the current one marked, upgrade or switch buttons).
 */
import type { PlanName, PlanSummary } from '@vouch/contracts';

export type PlanCardAction =
  /** This is the member's plan: marked, no button. */
  | { kind: 'current'; label: 'Current Plan' }
  /** A dearer plan: bought through create. */
  | { kind: 'upgrade'; label: string }
  /** A cheaper paid plan: also through create (the price is swapped). */
  | { kind: 'switch'; label: string }
  /** The free plan while on a paid one: reached by cancelling the subscription. */
  | { kind: 'cancel'; label: string };

export function planCardAction(plan: Pick<PlanSummary, 'name' | 'displayName' | 'priceMonthlyUsd'>, current: { name: PlanName; priceMonthlyUsd: number }): PlanCardAction {
  if (plan.name === current.name) return { kind: 'current', label: 'Current Plan' };
  if (plan.priceMonthlyUsd === 0) return { kind: 'cancel', label: `Switch to ${plan.displayName}` };
  if (plan.priceMonthlyUsd > current.priceMonthlyUsd) return { kind: 'upgrade', label: `Upgrade to ${plan.displayName}` };
  return { kind: 'switch', label: `Switch to ${plan.displayName}` };
}

/** A paid plan shows Manage Billing and Cancel Subscription (SPEC "Subscription"). */
export function isPaidPlan(plan: { priceMonthlyUsd: number } | undefined): boolean {
  return !!plan && plan.priceMonthlyUsd > 0;
}

