// The subscriptions service's part of "export my data" and "delete my account" (issue 10),
// passed by the gateway to createAuthService({ memberDataParts }); auth composes the parts.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { MemberDataPart } from '@vouch/service-auth';
import { modelsFor } from '../data-access/models';
import { findSubscriptionByMember } from '../data-access/subscription.repository';
import { createBillingProvider } from './billing/select-billing-provider';
import { hasLivePaidPlan } from './subscription-state';

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The member's plan and monthly usage. Payment-provider identifiers (customer, subscription ids) stay out. */
export async function exportMemberData(db: Database, memberId: number, t?: Transaction): Promise<Record<string, unknown>> {
  const { Usage } = modelsFor(db.sequelize);
  const subscription = await findSubscriptionByMember(db, memberId, t);
  const usage = await Usage.findAll({ where: { memberId }, order: [['periodStart', 'ASC'], ['kind', 'ASC']], transaction: t });
  return {
    subscription: subscription && {
      plan: subscription.plan,
      status: subscription.status,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      createdAt: iso(subscription.createdAt),
    },
    usage: usage.map((u) => ({ kind: u.kind, periodStart: String(u.periodStart), used: u.used })),
  };
}

/**
 * Before the deletion's transaction: a live paid Stripe subscription is cancelled through the
 * billing provider (the same call as POST /api/subscriptions/cancel: no further charge, it
 * ends with the paid period). Idempotent: Stripe accepts the same cancellation twice, so a
 * deletion retried after a failure cancels again harmlessly. A Stripe failure is the
 * provider's 502 ("Stripe could not cancel your subscription; nothing was changed."), before
 * anything is deleted. Local billing has nothing outside the database to cancel.
 */
export async function prepareForget({ db, env, memberId }: { db: Database; env: NodeJS.ProcessEnv; memberId: number }): Promise<void> {
  const current = await findSubscriptionByMember(db, memberId);
  if (!hasLivePaidPlan(current) || !current.stripeSubscriptionId) return;
  const billing = createBillingProvider(db, env);
  if (billing.name !== 'stripe') return;
  await billing.cancelSubscription({ current });
}

/** In the deletion's transaction: the subscription row and every usage counter of the member. */
export async function forgetMember(db: Database, t: Transaction, member: { id: number }): Promise<void> {
  const { Subscription, Usage } = modelsFor(db.sequelize);
  await Usage.destroy({ where: { memberId: member.id }, transaction: t });
  await Subscription.destroy({ where: { memberId: member.id }, transaction: t });
}

export const subscriptionsMemberData: MemberDataPart = { name: 'subscriptions', exportMemberData, prepareForget, forgetMember };
