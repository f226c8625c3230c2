import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * Issue 43 item 3: profile URLs a member cannot hoard and that do not pass to someone else.
 * - profile_slugs.chosen: the URL was chosen in the settings (not made from the name at
 *   registration); those made in the last year are the changes a member has used (5 a year).
 *   Every URL of a member but their first was chosen.
 * - released_profile_slugs: URLs that no longer lead to a profile (their member left, or let them
 *   go beyond the 10 earlier URLs kept) and when: nobody may take one for a year; it answers 410.
 */
export const profileUrlRules: Migration = {
  name: '202612050100-vouches-profile-url-rules',
  async up({ queryInterface }) {
    await queryInterface.addColumn('profile_slugs', 'chosen', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    // The doubled subquery: MySQL refuses an UPDATE whose subquery reads the same table directly.
    await queryInterface.sequelize.query(
      'UPDATE profile_slugs SET chosen = 1 WHERE id NOT IN (SELECT first_id FROM (SELECT MIN(id) AS first_id FROM profile_slugs GROUP BY member_id) AS firsts)',
    );
    await queryInterface.addIndex('profile_slugs', ['member_id', 'created_at'], { name: 'profile_slugs_member_created' });
    await queryInterface.createTable('released_profile_slugs', {
      slug: { type: DataTypes.STRING(80), primaryKey: true, allowNull: false },
      released_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('released_profile_slugs', ['released_at'], { name: 'released_profile_slugs_released_at' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('released_profile_slugs');
    await queryInterface.removeIndex('profile_slugs', 'profile_slugs_member_created');
    await queryInterface.removeColumn('profile_slugs', 'chosen');
  },
};
