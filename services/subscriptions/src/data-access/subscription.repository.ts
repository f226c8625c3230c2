import { Op, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { modelsFor, type SubscriptionModel } from './models';

/** A member's subscription row as plain data. */
export interface SubscriptionRecord {
  memberId: number;
  plan: string;
  status: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeSyncedAt: Date | null;
  /** When the row was created: with memberId, it scopes Stripe idempotency keys to this database. */
  createdAt: Date;
}

export type SubscriptionPatch = Partial<Omit<SubscriptionRecord, 'memberId' | 'stripeCustomerId' | 'createdAt'>>;

function toRecord(row: SubscriptionModel): SubscriptionRecord {
  return {
    memberId: row.memberId,
    plan: row.plan,
    status: row.status,
    stripeCustomerId: row.stripeCustomerId ?? null,
    stripeSubscriptionId: row.stripeSubscriptionId ?? null,
    currentPeriodEnd: row.currentPeriodEnd ? new Date(row.currentPeriodEnd) : null,
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
    stripeSyncedAt: row.stripeSyncedAt ? new Date(row.stripeSyncedAt) : null,
    createdAt: new Date(row.createdAt),
  };
}

export async function findSubscriptionByMember(db: Database, memberId: number, transaction?: Transaction): Promise<SubscriptionRecord | null> {
  const row = await modelsFor(db.sequelize).Subscription.findOne({ where: { memberId }, transaction });
  return row ? toRecord(row) : null;
}

export async function findSubscriptionByStripeCustomer(db: Database, stripeCustomerId: string, transaction?: Transaction): Promise<SubscriptionRecord | null> {
  const row = await modelsFor(db.sequelize).Subscription.findOne({ where: { stripeCustomerId }, transaction });
  return row ? toRecord(row) : null;
}

/** Creates the member's row on the defaults (free, active) unless it exists; safe under concurrency. */
export async function ensureSubscriptionRow(db: Database, memberId: number, transaction: Transaction): Promise<void> {
  const { Subscription } = modelsFor(db.sequelize);
  if (await Subscription.findOne({ where: { memberId }, attributes: ['id'], transaction })) return;
  await Subscription.bulkCreate([{ memberId }], { ignoreDuplicates: true, transaction });
}

export async function updateSubscription(db: Database, memberId: number, patch: SubscriptionPatch, transaction: Transaction): Promise<void> {
  await ensureSubscriptionRow(db, memberId, transaction);
  await modelsFor(db.sequelize).Subscription.update(patch, { where: { memberId }, transaction });
}

/**
 * Stores the member's Stripe customer id unless one is already stored, and returns the one
 * that is stored afterwards (a concurrent request may have won).
 */
export async function storeStripeCustomerId(db: Database, memberId: number, stripeCustomerId: string): Promise<string> {
  return db.transaction(async (transaction) => {
    await ensureSubscriptionRow(db, memberId, transaction);
    const { Subscription } = modelsFor(db.sequelize);
    await Subscription.update({ stripeCustomerId }, { where: { memberId, stripeCustomerId: { [Op.is]: null } }, transaction });
    const row = await Subscription.findOne({ where: { memberId }, transaction });
    return row?.stripeCustomerId ?? stripeCustomerId;
  });
}
