import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `vouch_asks` (issue 28 item 4): a member asks another for a vouch. `open_key` ("asker:asked")
 * is set while the ask is open and NULL once it is answered; its unique index makes one open ask
 * per pair whatever the concurrency (the database decides, as the vouches' pending_key does).
 * Rows go with either member (cascade). `vouches.phone_private`: a vouch addressed by member id
 * (Vouch for on a profile, Vouch back, an ask) whose phone the voucher never saw: the API masks it.
 */
export const vouchAsks: Migration = {
  name: '202611290000-vouches-vouch-asks',
  async up({ queryInterface, sequelize }) {
    await queryInterface.createTable('vouch_asks', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      asker_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      asked_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      status: { type: DataTypes.STRING(20), allowNull: false },
      open_key: { type: DataTypes.STRING(40), allowNull: true },
      message: { type: DataTypes.STRING(500), allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      answered_at: { type: DataTypes.DATE(3), allowNull: true },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('vouch_asks', ['open_key'], { unique: true, name: 'vouch_asks_open_key' });
    await queryInterface.addIndex('vouch_asks', ['asked_id', 'created_at'], { name: 'vouch_asks_asked' });
    await queryInterface.addIndex('vouch_asks', ['asker_id', 'created_at'], { name: 'vouch_asks_asker' });
    await sequelize.query('ALTER TABLE `vouches` ADD COLUMN `phone_private` BOOLEAN NOT NULL DEFAULT 0');
  },
  async down({ queryInterface, sequelize }) {
    await sequelize.query('ALTER TABLE `vouches` DROP COLUMN `phone_private`');
    await queryInterface.dropTable('vouch_asks');
  },
};
