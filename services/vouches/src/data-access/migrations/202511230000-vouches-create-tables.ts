import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

const text = () => ({ type: DataTypes.TEXT, allowNull: true });

/**
 * vouches: one row per vouch. `token` is the public link (unique). `pending_key` is
 * "<voucher_id>:<recipient_phone>" while the vouch is pending and NULL once answered, so the
 * unique index refuses a second pending vouch from the same voucher to the same phone even
 * under concurrent requests (NULLs never collide on SQLite or MySQL/MariaDB).
 * activities: the feed of GET /api/activities (vouches and, later, introductions).
 */
export const createTables: Migration = {
  name: '202511230000-vouches-create-tables',
  async up({ queryInterface }) {
    await queryInterface.createTable('vouches', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      type: { type: DataTypes.STRING(20), allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'pending' },
      token: { type: DataTypes.STRING(64), allowNull: false },
      voucher_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      recipient_name: { type: DataTypes.STRING(100), allowNull: false },
      recipient_phone: { type: DataTypes.STRING(16), allowNull: false },
      recipient_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'members', key: 'id' }, onDelete: 'SET NULL' },
      pending_key: { type: DataTypes.STRING(40), allowNull: true },
      reason: text(),
      skills: text(),
      character_traits: text(),
      accomplishments: text(),
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      accepted_at: { type: DataTypes.DATE(3), allowNull: true },
      responded_at: { type: DataTypes.DATE(3), allowNull: true },
      expires_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('vouches', ['token'], { unique: true, name: 'vouches_token' });
    await queryInterface.addIndex('vouches', ['pending_key'], { unique: true, name: 'vouches_pending_key' });
    // Sent lists (voucher_id, newest first) and the graph walk (voucher_id + status).
    await queryInterface.addIndex('vouches', ['voucher_id', 'status'], { name: 'vouches_voucher_status' });
    await queryInterface.addIndex('vouches', ['recipient_id', 'status'], { name: 'vouches_recipient_status' });
    await queryInterface.addIndex('vouches', ['recipient_phone', 'status'], { name: 'vouches_recipient_phone_status' });
    await queryInterface.addIndex('vouches', ['status'], { name: 'vouches_status' });

    await queryInterface.createTable('activities', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      member_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      type: { type: DataTypes.STRING(50), allowNull: false },
      description: { type: DataTypes.STRING(500), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('activities', ['member_id', 'created_at'], { name: 'activities_member_created' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('activities');
    await queryInterface.dropTable('vouches');
  },
};

export const migrations: Migration[] = [createTables];
