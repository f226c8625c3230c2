import type { Migration } from '@vouch/service-core';

/**
 * `vouches.updated_at` (issue 29, incremental sync): when the row last changed (created,
 * answered, revoked, shared, its voucher's account deleted), what `?updated_since=` reads, by
 * the voucher's, the recipient's and the recipient phone's index. Filled for existing rows from
 * what they record. A plain ALTER, as for last_shared_at: SQLite keeps the generated has_skills
 * column and its index.
 */
export const updatedAt: Migration = {
  name: '202611280100-vouches-updated-at',
  async up({ sequelize, queryInterface, dialect }) {
    await sequelize.query(`ALTER TABLE \`vouches\` ADD COLUMN \`updated_at\` ${dialect === 'mysql' ? 'DATETIME(3)' : 'DATETIME'} NULL`);
    await sequelize.query('UPDATE `vouches` SET `updated_at` = COALESCE(`responded_at`, `last_shared_at`, `created_at`)');
    await queryInterface.addIndex('vouches', ['voucher_id', 'updated_at'], { name: 'vouches_voucher_updated' });
    await queryInterface.addIndex('vouches', ['recipient_id', 'updated_at'], { name: 'vouches_recipient_updated' });
    await queryInterface.addIndex('vouches', ['recipient_phone', 'updated_at'], { name: 'vouches_recipient_phone_updated' });
  },
  async down({ sequelize, queryInterface }) {
    for (const name of ['vouches_voucher_updated', 'vouches_recipient_updated', 'vouches_recipient_phone_updated']) await queryInterface.removeIndex('vouches', name);
    await sequelize.query('ALTER TABLE `vouches` DROP COLUMN `updated_at`');
  },
};
