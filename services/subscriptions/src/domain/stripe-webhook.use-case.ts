import type Stripe from 'stripe';
import type { Database } from '@vouch/service-core';
import type { StripeBillingProvider } from './billing/stripe-billing-provider';
import type { SubscriptionState } from './billing/billing-provider';
import { findSubscriptionByMember, findSubscriptionByStripeCustomer, updateSubscription, type SubscriptionRecord } from '../data-access/subscription.repository';
import { isStripeEventRecorded, recordStripeEvent } from '../data-access/stripe-event.repository';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const SUBSCRIPTION_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'];
const INVOICE_EVENTS = ['invoice.paid', 'invoice.payment_failed'];
const ENDED = ['canceled', 'incomplete_expired'];

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The subscription an invoice belongs to (API ≥ 2025-03-31: under `parent`; older: top level). */
function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}

/**
 * How a subscription's state changes our row: the member's current subscription (or a new,
 * live one) is copied; an ended one returns the member to the free plan; an unpaid first
 * attempt (`incomplete`) changes nothing until it is paid. The id of the last subscription is
 * kept so the next purchase gets a fresh idempotency key.
 */
export function nextSubscriptionState(row: SubscriptionRecord | null, incoming: SubscriptionState, deleted: boolean): SubscriptionState | null {
  const isCurrent = !row?.stripeSubscriptionId || row.stripeSubscriptionId === incoming.stripeSubscriptionId;
  if (deleted || ENDED.includes(incoming.status)) {
    if (!isCurrent) return null; // an older, abandoned subscription ended
    return { plan: 'free', status: 'active', stripeSubscriptionId: incoming.stripeSubscriptionId, currentPeriodEnd: null, cancelAtPeriodEnd: false };
  }
  if (incoming.status === 'incomplete' && !(row?.stripeSubscriptionId === incoming.stripeSubscriptionId)) return null;
  return incoming;
}

/**
 * Applies one verified Stripe event at most once. The event id is recorded in the same
 * transaction as its effect, under a unique key, so a replay (or a concurrent duplicate
 * delivery) is acknowledged without being applied again.
 */
export async function handleStripeEvent(db: Database, stripe: StripeBillingProvider, event: Stripe.Event): Promise<WebhookOutcome> {
  const isSubscriptionEvent = SUBSCRIPTION_EVENTS.includes(event.type);
  if (!isSubscriptionEvent && !INVOICE_EVENTS.includes(event.type)) return 'ignored';
  if (await isStripeEventRecorded(db, event.id)) return 'duplicate';

  // Network calls happen before the transaction: no lock is held while Stripe answers.
  let subscription: Stripe.Subscription | null;
  if (isSubscriptionEvent) {
    subscription = event.data.object as Stripe.Subscription;
  } else {
    // An invoice says nothing about the plan: read the subscription as it is now.
    const id = subscriptionIdOfInvoice(event.data.object as Stripe.Invoice);
    subscription = id ? await stripe.retrieveSubscription(id) : null;
  }

  return db.transaction(async (t) => {
    if (!(await recordStripeEvent(db, t, event.id, event.type))) return 'duplicate';
    if (!subscription) return 'ignored';
    const customerId = idOf(subscription.customer);
    let row = customerId ? await findSubscriptionByStripeCustomer(db, customerId, t) : null;
    if (!row) {
      const memberId = Number(subscription.metadata?.memberId);
      const candidate = Number.isInteger(memberId) && memberId > 0 ? await findSubscriptionByMember(db, memberId, t) : null;
      // Trust the metadata only for a member whose customer is this one (or not yet stored).
      if (candidate && (!candidate.stripeCustomerId || candidate.stripeCustomerId === customerId)) row = candidate;
    }
    if (!row) return 'ignored';

    const eventAt = new Date(event.created * 1000);
    // A subscription event older than the last one applied is stale (deliveries can arrive out of order).
    if (isSubscriptionEvent && row.stripeSyncedAt && eventAt < row.stripeSyncedAt) return 'ignored';
    const next = nextSubscriptionState(row, stripe.stateOf(subscription), event.type === 'customer.subscription.deleted');
    if (!next) return 'ignored';
    const syncedAt = row.stripeSyncedAt && row.stripeSyncedAt > eventAt ? row.stripeSyncedAt : eventAt;
    await updateSubscription(db, row.memberId, { ...next, stripeSyncedAt: syncedAt }, t);
    return 'applied';
  });
}
