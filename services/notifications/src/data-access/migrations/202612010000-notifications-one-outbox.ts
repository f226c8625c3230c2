import { DataTypes, QueryTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * One way to reach a member (issue 40).
 * - activities (the bell, now the notifications service's): `object_type`, `object_id` and `link`,
 *   so every item opens its object on the right tab. Older rows keep NULL (the web then opens the
 *   list the activity's type belongs to).
 * - notification_preferences: per member, kind and channel (text, push), a choice that differs
 *   from the default (contracts' channelOnByDefault). The push opt-outs of issue 29 become rows
 *   `enabled = false` on channel push.
 * - notifications: the outbox. One row per event and recipient, written in the event's
 *   transaction beside its bell item; the worker fans it out to the member's channels.
 * - notification_deliveries: one row per notification, channel and device (device 0 for a text),
 *   unique, so a retried or concurrent fan-out never makes a second; the worker sends each with
 *   retries and backoff and keeps it, sent or failed, for a week.
 * - devices.session_id: the session that registered the device; a device whose session ended
 *   (sign-out, expiry) is not delivered to, and is removed.
 * - push_outbox (issue 29) goes: what it still held for delivery becomes notifications already
 *   fanned out, with one pending delivery each.
 */
export const oneOutbox: Migration = {
  name: '202612010000-notifications-one-outbox',
  async up({ queryInterface }) {
    const { sequelize } = queryInterface;
    await queryInterface.addColumn('activities', 'object_type', { type: DataTypes.STRING(30), allowNull: true });
    await queryInterface.addColumn('activities', 'object_id', { type: DataTypes.INTEGER, allowNull: true });
    await queryInterface.addColumn('activities', 'link', { type: DataTypes.STRING(300), allowNull: true });

    await queryInterface.createTable('notification_preferences', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
      channel: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false },
    });
    await sequelize.query("INSERT INTO notification_preferences (member_id, kind, channel, enabled) SELECT member_id, kind, 'push', ? FROM notification_opt_outs", { replacements: [false] });
    await queryInterface.dropTable('notification_opt_outs');

    await queryInterface.createTable('notifications', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      member_id: { type: DataTypes.INTEGER, allowNull: false },
      activity_id: { type: DataTypes.INTEGER, allowNull: true },
      kind: { type: DataTypes.STRING(40), allowNull: false },
      object_type: { type: DataTypes.STRING(30), allowNull: true },
      object_id: { type: DataTypes.INTEGER, allowNull: true },
      link: { type: DataTypes.STRING(300), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      body: { type: DataTypes.STRING(500), allowNull: false },
      text_body: { type: DataTypes.STRING(400), allowNull: true },
      status: { type: DataTypes.STRING(10), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('notifications', ['status', 'id'], { name: 'notifications_status' });
    await queryInterface.addIndex('notifications', ['member_id'], { name: 'notifications_member' });

    await queryInterface.createTable('notification_deliveries', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      notification_id: { type: DataTypes.INTEGER, allowNull: false },
      member_id: { type: DataTypes.INTEGER, allowNull: false },
      channel: { type: DataTypes.STRING(10), allowNull: false },
      device_id: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false },
      next_attempt_at: { type: DataTypes.DATE(3), allowNull: false },
      last_error: { type: DataTypes.STRING(500), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      sent_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addIndex('notification_deliveries', ['notification_id', 'channel', 'device_id'], { name: 'notification_deliveries_once', unique: true });
    await queryInterface.addIndex('notification_deliveries', ['status', 'next_attempt_at'], { name: 'notification_deliveries_due' });
    await queryInterface.addIndex('notification_deliveries', ['member_id'], { name: 'notification_deliveries_member' });
    await queryInterface.addIndex('notification_deliveries', ['device_id'], { name: 'notification_deliveries_device' });

    await queryInterface.addColumn('devices', 'session_id', { type: DataTypes.STRING(64), allowNull: true });
    await queryInterface.addIndex('devices', ['session_id'], { name: 'devices_session' });

    // What the push outbox still had to deliver is delivered by the new worker: a few rows at most.
    const pending = await sequelize.query<Record<string, unknown>>("SELECT * FROM push_outbox WHERE status = 'pending' ORDER BY id", { type: QueryTypes.SELECT });
    for (const row of pending) {
      const [notificationId] = await sequelize.query(
        "INSERT INTO notifications (member_id, activity_id, kind, object_type, object_id, link, title, body, text_body, status, created_at) VALUES (?, NULL, ?, NULL, NULL, ?, ?, ?, NULL, 'fanned', ?)",
        { replacements: [row.member_id, row.kind, row.link, row.title, row.body, row.created_at], type: QueryTypes.INSERT },
      );
      await sequelize.query(
        "INSERT INTO notification_deliveries (notification_id, member_id, channel, device_id, status, attempts, next_attempt_at, last_error, created_at, sent_at) VALUES (?, ?, 'push', ?, 'pending', ?, ?, ?, ?, NULL)",
        { replacements: [notificationId, row.member_id, row.device_id, row.attempts, row.next_attempt_at, row.last_error ?? null, row.created_at] },
      );
    }
    await queryInterface.dropTable('push_outbox');
  },
  async down({ queryInterface }) {
    const { sequelize } = queryInterface;
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
    await queryInterface.removeIndex('devices', 'devices_session');
    await queryInterface.removeColumn('devices', 'session_id');
    await queryInterface.dropTable('notification_deliveries');
    await queryInterface.dropTable('notifications');
    await queryInterface.createTable('notification_opt_outs', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
    });
    await sequelize.query("INSERT INTO notification_opt_outs (member_id, kind) SELECT member_id, kind FROM notification_preferences WHERE channel = 'push' AND enabled = ?", { replacements: [false] });
    await queryInterface.dropTable('notification_preferences');
    await queryInterface.removeColumn('activities', 'link');
    await queryInterface.removeColumn('activities', 'object_id');
    await queryInterface.removeColumn('activities', 'object_type');
  },
};
