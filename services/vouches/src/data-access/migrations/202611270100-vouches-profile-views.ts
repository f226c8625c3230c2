import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `profile_views`: one row per member, viewer and UTC day a public profile was opened (the
 * viewer as a SHA-256, never an address). A member's `profile_views` counter is the number of
 * their rows, so a visitor reloading a profile 200 times counts once a day. Rows go with the
 * member (cascade).
 */
export const profileViews: Migration = {
  name: '202611270100-vouches-profile-views',
  async up({ queryInterface }) {
    await queryInterface.createTable('profile_views', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      day: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
      viewer_key: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('profile_views');
  },
};
