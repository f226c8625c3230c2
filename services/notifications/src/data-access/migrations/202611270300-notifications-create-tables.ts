import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * devices: a member's registered push targets. `token` is the FCM registration token (ios,
 * android) or the browser's PushSubscription as JSON (web); `token_hash` (SHA-256 of it) is
 * unique, so a token registered again moves to whoever registered it last.
 * notification_opt_outs: one row per member and kind they turned off (no row: on).
 * push_outbox: one row per notification and device, written in the transaction of the event it
 * tells about; the worker delivers it and deletes it, or keeps it as `failed` for a week.
 */
export const createTables: Migration = {
  name: '202611270300-notifications-create-tables',
  async up({ queryInterface }) {
    await queryInterface.createTable('devices', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      member_id: { type: DataTypes.INTEGER, allowNull: false },
      platform: { type: DataTypes.STRING(10), allowNull: false },
      token: { type: DataTypes.TEXT, allowNull: false },
      token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      app_version: { type: DataTypes.STRING(50), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('devices', ['member_id'], { name: 'devices_member' });

    await queryInterface.createTable('notification_opt_outs', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
    });

    await queryInterface.createTable('push_outbox', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      member_id: { type: DataTypes.INTEGER, allowNull: false },
      device_id: { type: DataTypes.INTEGER, allowNull: false },
      kind: { type: DataTypes.STRING(40), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      body: { type: DataTypes.STRING(500), allowNull: false },
      link: { type: DataTypes.STRING(300), allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false },
      next_attempt_at: { type: DataTypes.DATE(3), allowNull: false },
      last_error: { type: DataTypes.STRING(500), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('push_outbox', ['status', 'next_attempt_at'], { name: 'push_outbox_due' });
    await queryInterface.addIndex('push_outbox', ['device_id'], { name: 'push_outbox_device' });
    await queryInterface.addIndex('push_outbox', ['member_id'], { name: 'push_outbox_member' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('push_outbox');
    await queryInterface.dropTable('notification_opt_outs');
    await queryInterface.dropTable('devices');
  },
};
