import type { Migration } from '@vouch/service-core';

/**
 * `vouches.last_shared_at`: when the voucher last copied or texted a pending vouch's link
 * (issue 16, My Vouches → Sent "Shared …"). NULL until then. Plain ALTERs on both dialects:
 * SQLite adds and drops a nullable column in place, so the generated has_skills column and its
 * index (which a Sequelize removeColumn rebuild on SQLite would lose) stay.
 */
export const lastShared: Migration = {
  name: '202511290000-vouches-last-shared',
  async up({ sequelize, dialect }) {
    await sequelize.query(`ALTER TABLE \`vouches\` ADD COLUMN \`last_shared_at\` ${dialect === 'mysql' ? 'DATETIME(3)' : 'DATETIME'} NULL`);
  },
  async down({ sequelize }) {
    await sequelize.query('ALTER TABLE `vouches` DROP COLUMN `last_shared_at`');
  },
};
