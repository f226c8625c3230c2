import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `profiles.headline`: the member's role and company ("Product designer at Acme"), written in
 * profile settings and shown on the public profile. Nullable: existing profiles have none.
 * A plain ADD COLUMN on both dialects (no SQLite table rebuild).
 */
export const profileHeadline: Migration = {
  name: '202511300000-vouches-profile-headline',
  async up({ queryInterface }) {
    await queryInterface.addColumn('profiles', 'headline', { type: DataTypes.STRING(120), allowNull: true });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('profiles', 'headline');
  },
};
