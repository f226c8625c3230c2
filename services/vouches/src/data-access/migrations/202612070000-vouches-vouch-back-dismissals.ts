import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `vouch_back_dismissals` (issue 44): a member's "Not now" on the dashboard's "Vouch back for
 * <name>", so the offer stays dismissed on every device. One row per member and voucher; rows go
 * with either member (cascade, and the account deletion).
 */
export const vouchBackDismissals: Migration = {
  name: '202612070000-vouches-vouch-back-dismissals',
  async up({ queryInterface }) {
    await queryInterface.createTable('vouch_back_dismissals', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      voucher_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('vouch_back_dismissals');
  },
};
