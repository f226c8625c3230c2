import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `activities.about_member_id`: the other member an activity is about ("Sam Lee accepted your
 * Vouch." → Sam), so the activity list opens their profile. Nullable: older activities, and
 * those about no member (an invitation not yet accepted, an introduction request), have none;
 * an account deletion sets it back to NULL. No foreign key: activities outlive nobody's rows
 * but their owner's, and the deletion clears the column in the same transaction.
 */
export const activityAboutMember: Migration = {
  name: '202511300100-vouches-activity-about-member',
  async up({ queryInterface }) {
    await queryInterface.addColumn('activities', 'about_member_id', { type: DataTypes.INTEGER, allowNull: true });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('activities', 'about_member_id');
  },
};
