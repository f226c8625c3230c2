import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * profiles: one row per member who has needed one (created lazily: the first time the member
 * reads their summary or changes their settings). `slug` is the public address
 * (/profile/{slug}): unique, readable, and never changed when the member's name changes.
 * Profile views are counted on the member row (auth's profileViews), not here.
 */
export const createProfiles: Migration = {
  name: '202511240000-vouches-profiles',
  async up({ queryInterface }) {
    await queryInterface.createTable('profiles', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      member_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      slug: { type: DataTypes.STRING(80), allowNull: false },
      is_public: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      custom_bio: { type: DataTypes.STRING(500), allowNull: true },
      current_summary: { type: DataTypes.TEXT, allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('profiles', ['member_id'], { unique: true, name: 'profiles_member_id' });
    await queryInterface.addIndex('profiles', ['slug'], { unique: true, name: 'profiles_slug' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('profiles');
  },
};
