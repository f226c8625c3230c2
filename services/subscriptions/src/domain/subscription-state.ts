import { isPlanName, type PlanName } from './plans';
import type { SubscriptionRecord } from '../data-access/subscription.repository';

/**
 * Stripe statuses under which the member keeps the paid plan's allowances. `past_due` is the
 * grace while Stripe retries a failed payment; `unpaid`, `incomplete*`, `canceled` and
 * `paused` fall back to the free allowances (the plan is still shown as it is recorded).
 */
export const ENTITLED_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** What a member without a row has. */
export const DEFAULT_SUBSCRIPTION = { plan: 'free' as PlanName, status: 'active' };

/** The plan as shown on the page: the recorded one, or free for members without a row. */
export function recordedPlan(record: SubscriptionRecord | null): PlanName {
  return record && isPlanName(record.plan) ? record.plan : 'free';
}

/** The plan whose limits and capabilities apply right now. */
export function effectivePlan(record: SubscriptionRecord | null): PlanName {
  const plan = recordedPlan(record);
  if (plan === 'free' || !record) return 'free';
  return ENTITLED_STATUSES.includes(record.status) ? plan : 'free';
}

/** A member holds a paid plan that can be cancelled or switched (rather than bought anew). */
export function hasLivePaidPlan(record: SubscriptionRecord | null): record is SubscriptionRecord {
  return effectivePlan(record) !== 'free';
}
