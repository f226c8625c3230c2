import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { modelsFor } from './models';

/**
 * Records a Stripe event as applied. Returns false when it was already recorded: the primary
 * key on the event id is the arbiter, so concurrent deliveries of one event apply it once.
 */
export async function recordStripeEvent(db: Database, transaction: Transaction, eventId: string, type: string): Promise<boolean> {
  try {
    await modelsFor(db.sequelize).StripeEvent.create({ id: eventId, type }, { transaction });
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintError) return false;
    throw error;
  }
}

export async function isStripeEventRecorded(db: Database, eventId: string): Promise<boolean> {
  return (await modelsFor(db.sequelize).StripeEvent.findByPk(eventId, { attributes: ['id'] })) !== null;
}
