import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `vouch_ask_blocks` (issue 40): a member who declined an ask may refuse further asks from the
 * asker ("Don't let them ask me again"). One row per member and blocked member; rows go with
 * either member (cascade, and the account deletion).
 */
export const askBlocks: Migration = {
  name: '202612010100-vouches-ask-blocks',
  async up({ queryInterface }) {
    await queryInterface.createTable('vouch_ask_blocks', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      blocked_member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('vouch_asks', ['asker_id', 'asked_id', 'answered_at'], { name: 'vouch_asks_pair_answered' });
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('vouch_asks', 'vouch_asks_pair_answered');
    await queryInterface.dropTable('vouch_ask_blocks');
  },
};
