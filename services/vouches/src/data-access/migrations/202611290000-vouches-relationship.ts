import type { Migration } from '@vouch/service-core';

/**
 * `vouches.relationship` (issue 28 item 8): how the voucher knows the recipient, from the
 * voucher's side (VOUCH_RELATIONSHIPS). NULL for the vouches made before it, which show none. A
 * plain ALTER, as for last_shared_at: SQLite keeps the generated has_skills column and its index.
 */
export const relationship: Migration = {
  name: '202611290000-vouches-relationship',
  async up({ sequelize }) {
    await sequelize.query('ALTER TABLE `vouches` ADD COLUMN `relationship` VARCHAR(20) NULL');
  },
  async down({ sequelize }) {
    await sequelize.query('ALTER TABLE `vouches` DROP COLUMN `relationship`');
  },
};
