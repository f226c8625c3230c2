import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * What the activity bell counts (issue 28: it counted the member's own actions and never cleared).
 * - `activities.by_self`: the member did it themself ("You vouched for …"); never unread. Rows
 *   written before this column are marked from their wording: every own-action sentence of the
 *   feed began "You " (vouchActivityText and the introductions' sentences), and no other did.
 * - `activity_reads`: per member, the newest activity id they have seen (kept server-side so it
 *   holds across devices). Goes with the member (cascade; the account deletion removes it too).
 * - index (member_id, id): the unread count reads a member's rows after that id.
 */
export const activityUnread: Migration = {
  name: '202611280000-vouches-activity-unread',
  async up({ queryInterface }) {
    await queryInterface.addColumn('activities', 'by_self', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    await queryInterface.sequelize.query("UPDATE activities SET by_self = ? WHERE description LIKE 'You %'", { replacements: [true] });
    await queryInterface.addIndex('activities', ['member_id', 'id'], { name: 'activities_member_id' });
    await queryInterface.createTable('activity_reads', {
      member_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      seen_through_id: { type: DataTypes.INTEGER, allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('activity_reads');
    await queryInterface.removeIndex('activities', 'activities_member_id');
    await queryInterface.removeColumn('activities', 'by_self');
  },
};
