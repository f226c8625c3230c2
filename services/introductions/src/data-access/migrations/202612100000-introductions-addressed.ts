import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * A request addressed to a member (issue 44): target_id and connector_id are null for a request
 * to the whole network. open_to_target holds target_id while such a request is open and null
 * once it closes, so the unique (requester_id, open_to_target) refuses a second open request to
 * the same member even from simultaneous clients (null never collides, on SQLite and MariaDB).
 */
export const addressedRequests: Migration = {
  name: '202612100000-introductions-addressed',
  async up({ queryInterface }) {
    const member = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' } as const;
    await queryInterface.addColumn('introduction_requests', 'target_id', member);
    await queryInterface.addColumn('introduction_requests', 'connector_id', member);
    await queryInterface.addColumn('introduction_requests', 'open_to_target', { type: DataTypes.INTEGER, allowNull: true });
    await queryInterface.addColumn('introduction_requests', 'connector_note', { type: DataTypes.TEXT, allowNull: true });
    await queryInterface.addColumn('introduction_requests', 'connector_answered_at', { type: DataTypes.DATE(3), allowNull: true });
    await queryInterface.addIndex('introduction_requests', ['requester_id', 'open_to_target'], { unique: true, name: 'introduction_requests_open_to_target' });
    await queryInterface.addIndex('introduction_requests', ['connector_id', 'created_at'], { name: 'introduction_requests_connector_created' });
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('introduction_requests', 'introduction_requests_connector_created');
    await queryInterface.removeIndex('introduction_requests', 'introduction_requests_open_to_target');
    for (const column of ['connector_answered_at', 'connector_note', 'open_to_target', 'connector_id', 'target_id']) await queryInterface.removeColumn('introduction_requests', column);
  },
};
