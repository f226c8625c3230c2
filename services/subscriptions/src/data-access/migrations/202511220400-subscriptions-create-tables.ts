import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * subscriptions: one row per member who ever left the defaults (no row = free, active).
 * usage: one counter per member, quota kind and calendar month (see domain/usage-period.ts).
 * stripe_events: ids of applied Stripe webhook events; the primary key makes a replay a no-op.
 */
export const createTables: Migration = {
  name: '202511220400-subscriptions-create-tables',
  async up({ queryInterface }) {
    await queryInterface.createTable('subscriptions', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      member_id: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      plan: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'free' },
      status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'active' },
      stripe_customer_id: { type: DataTypes.STRING(255), allowNull: true, unique: true },
      stripe_subscription_id: { type: DataTypes.STRING(255), allowNull: true },
      current_period_end: { type: DataTypes.DATE(3), allowNull: true },
      cancel_at_period_end: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      /** `created` of the last Stripe event applied, so an older event delivered late cannot undo a newer one. */
      stripe_synced_at: { type: DataTypes.DATE(3), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('subscriptions', ['stripe_subscription_id'], { name: 'subscriptions_stripe_subscription_id' });

    await queryInterface.createTable('usage', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      member_id: { type: DataTypes.INTEGER, allowNull: false },
      kind: { type: DataTypes.STRING(20), allowNull: false },
      period_start: { type: DataTypes.DATEONLY, allowNull: false },
      used: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('usage', ['member_id', 'kind', 'period_start'], { unique: true, name: 'usage_member_kind_period' });

    await queryInterface.createTable('stripe_events', {
      id: { type: DataTypes.STRING(255), primaryKey: true },
      type: { type: DataTypes.STRING(100), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('stripe_events');
    await queryInterface.dropTable('usage');
    await queryInterface.dropTable('subscriptions');
  },
};

export const migrations: Migration[] = [createTables];
