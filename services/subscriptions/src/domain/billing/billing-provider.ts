import type { PaidPlanName, PlanName } from '../plans';
import type { SubscriptionRecord } from '../../data-access/subscription.repository';

/** A subscription's state as our table records it, produced by a provider for the use cases to store. */
export interface SubscriptionState {
  plan: PlanName;
  status: string;
  stripeSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface BillingCustomer {
  memberId: number;
  name: string | null;
  phone: string | null;
}

export interface StartSubscriptionResult {
  /** For Stripe's Payment Element; null when no payment step is needed. */
  clientSecret: string | null;
  status: string;
  /** State to record now; absent when it arrives later by webhook (payment pending). */
  state?: SubscriptionState;
}

/**
 * Where plans are bought. The use cases decide what is allowed and write our tables; a
 * provider only talks to the payment system and reports the resulting state.
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe' | 'none';
  /** Browser-side key for Stripe Elements (null for the local provider and PAID_PLANS=off). */
  readonly publishableKey: string | null;
  /** Buys `plan`, or switches a live paid subscription to it (`current`: the member's row). */
  startSubscription(input: { customer: BillingCustomer; plan: PaidPlanName; current: SubscriptionRecord }): Promise<StartSubscriptionResult>;
  /** Cancels the member's live paid subscription (`current` holds one). */
  cancelSubscription(input: { current: SubscriptionRecord }): Promise<SubscriptionState>;
  /** A URL of the provider's billing portal for the member. */
  portalUrl(input: { current: SubscriptionRecord | null; returnUrl: string }): Promise<string>;
}
