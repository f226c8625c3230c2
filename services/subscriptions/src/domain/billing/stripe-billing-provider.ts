import Stripe from 'stripe';
import { problems } from '@vouch/service-core';
import type { BillingCustomer, BillingProvider, StartSubscriptionResult, SubscriptionState } from './billing-provider';
import { isPlanName, type PaidPlanName, type PlanName } from '../plans';
import { ENTITLED_STATUSES, hasLivePaidPlan } from '../subscription-state';
import type { SubscriptionRecord } from '../../data-access/subscription.repository';

export interface StripeBillingConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  prices: Record<PaidPlanName, string>;
  /** For tests against a local fake: STRIPE_API_HOST / STRIPE_API_PORT / STRIPE_API_PROTOCOL. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** How long one call to Stripe may take (STRIPE_TIMEOUT_MS, default 10 s; the SDK retries once). */
  timeoutMs?: number;
}

export interface StripeBillingProvider extends BillingProvider {
  readonly name: 'stripe';
  /** Verifies the signature of a webhook delivery on its raw body; a 400 Problem if it fails. */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): Stripe.Event;
  retrieveSubscription(id: string): Promise<Stripe.Subscription>;
  /** Our state for a Stripe subscription (plan from its price, else from its metadata). */
  stateOf(subscription: Stripe.Subscription): SubscriptionState;
}

/** Stores the member's customer id unless one is stored; returns the stored one. */
export type StoreCustomerId = (memberId: number, customerId: string) => Promise<string>;

/** Reads the configuration from the environment; null unless all of it is set. */
export function stripeConfigFromEnv(env: NodeJS.ProcessEnv): StripeBillingConfig | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM, STRIPE_PRICE_ENTERPRISE } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PREMIUM || !STRIPE_PRICE_ENTERPRISE) return null;
  const protocol = env.STRIPE_API_PROTOCOL === 'http' ? 'http' : env.STRIPE_API_PROTOCOL === 'https' ? 'https' : undefined;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    prices: { premium: STRIPE_PRICE_PREMIUM, enterprise: STRIPE_PRICE_ENTERPRISE },
    host: env.STRIPE_API_HOST || undefined,
    port: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
    protocol,
    timeoutMs: Number(env.STRIPE_TIMEOUT_MS) > 0 ? Number(env.STRIPE_TIMEOUT_MS) : undefined,
  };
}

/** Every Stripe failure becomes a 502 with a sentence; nothing of ours was written before it. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const problem = problems.badGateway(`Stripe could not ${what}; nothing was changed. Please try again in a moment.`);
      // Kept for the server log (the problem handler logs 5xx with the error); never in the body.
      (problem as Error).cause = error;
      throw problem;
    }
    throw error;
  }
}

export function createStripeBillingProvider(config: StripeBillingConfig, storeCustomerId: StoreCustomerId): StripeBillingProvider {
  const stripe = new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    maxNetworkRetries: 1,
    timeout: config.timeoutMs ?? 10_000,
    appInfo: { name: 'Vouch' },
  });
  const planByPrice = new Map<string, PaidPlanName>(Object.entries(config.prices).map(([plan, price]) => [price, plan as PaidPlanName]));

  function stateOf(subscription: Stripe.Subscription): SubscriptionState {
    const item = subscription.items?.data?.[0];
    const fromPrice = item ? planByPrice.get(item.price.id) : undefined;
    const fromMetadata = subscription.metadata?.plan;
    const plan: PlanName = fromPrice ?? (isPlanName(fromMetadata) ? fromMetadata : 'free');
    // Since API 2025-03-31 the period lives on the items; older payloads carry it on the subscription.
    const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
    return {
      plan,
      status: subscription.status,
      stripeSubscriptionId: subscription.id,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    };
  }

  /** Idempotency keys name the member's row, not just the member id: ids repeat across databases. */
  const keyScope = (current: SubscriptionRecord) => `${current.memberId}-${current.createdAt.getTime()}`;

  async function customerFor(customer: BillingCustomer, current: SubscriptionRecord): Promise<string> {
    if (current.stripeCustomerId) return current.stripeCustomerId;
    const created = await callStripe('create your billing account', () =>
      stripe.customers.create(
        {
          name: customer.name ?? undefined,
          phone: customer.phone ?? undefined,
          metadata: { memberId: String(customer.memberId) },
        },
        // One customer per member even when two first purchases race.
        { idempotencyKey: `vouch-customer-${keyScope(current)}` },
      ),
    );
    return storeCustomerId(customer.memberId, created.id);
  }

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    stateOf,

    async startSubscription({ customer, plan, current }): Promise<StartSubscriptionResult> {
      const price = config.prices[plan];
      if (hasLivePaidPlan(current) && current.stripeSubscriptionId) {
        // Switching between paid plans: change the price of the existing subscription (prorated).
        const subscriptionId = current.stripeSubscriptionId;
        const existing = await callStripe('load your subscription', () => stripe.subscriptions.retrieve(subscriptionId));
        const item = existing.items.data[0];
        const updated = await callStripe('change your plan', () =>
          stripe.subscriptions.update(
            subscriptionId,
            // No explicit idempotency key: setting the same price twice is harmless, and the SDK
            // adds its own key to its retries.
            {
              items: [item ? { id: item.id, price } : { price }],
              cancel_at_period_end: false,
              proration_behavior: 'create_prorations',
              metadata: { memberId: String(customer.memberId), plan },
            },
          ),
        );
        return { clientSecret: null, status: updated.status, state: stateOf(updated) };
      }

      const customerId = await customerFor(customer, current);
      // Stable while our recorded subscription is unchanged: a double click returns the same
      // incomplete subscription and client secret instead of a second one.
      const idempotencyKey = `vouch-subscribe-${keyScope(current)}-${plan}-${current.stripeSubscriptionId ?? 'first'}`;
      const subscription = await callStripe('start your subscription', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { memberId: String(customer.memberId), plan },
          },
          { idempotencyKey },
        ),
      );
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
      const paidAlready = ENTITLED_STATUSES.includes(subscription.status);
      if (!clientSecret && !paidAlready) {
        throw problems.badGateway('Stripe did not return a payment step for this subscription; nothing was charged. Please try again in a moment.');
      }
      return { clientSecret, status: subscription.status, state: paidAlready ? stateOf(subscription) : undefined };
    },

    async cancelSubscription({ current }) {
      const subscriptionId = current.stripeSubscriptionId;
      if (!subscriptionId) throw problems.conflict('There is no paid subscription to cancel.', 'NO_PAID_PLAN');
      const updated = await callStripe('cancel your subscription', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
      return stateOf(updated);
    },

    async portalUrl({ current, returnUrl }) {
      const customer = current?.stripeCustomerId;
      if (!customer) throw problems.badRequest('You have no billing account yet: choose a paid plan first.');
      const session = await callStripe('open the billing portal', () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return session.url;
    },

    constructEvent(rawBody, signature) {
      if (!signature) throw problems.badRequest('The Stripe-Signature header is missing.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw problems.badRequest('The Stripe signature does not match this webhook body.');
      }
    },

    async retrieveSubscription(id) {
      return callStripe('load the subscription', () => stripe.subscriptions.retrieve(id));
    },
  };
}
