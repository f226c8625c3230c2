import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * notification_deliveries.claim: the batch that holds a delivery while it is being sent (one
 * random name per claim). The worker claims a batch in one statement and marks it in a few: each
 * mark is conditional on the claim, so a worker whose lease lapsed never overwrites what the
 * worker that took the rows over wrote, and a stopping worker releases exactly the rows it holds.
 */
export const deliveryClaims: Migration = {
  name: '202612101130-notifications-delivery-claims',
  async up({ queryInterface }) {
    await queryInterface.addColumn('notification_deliveries', 'claim', { type: DataTypes.STRING(40), allowNull: true });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('notification_deliveries', 'claim');
  },
};
