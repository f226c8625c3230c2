import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * introductions: the double opt-in of an accepted suggestion, one row per suggestion (unique).
 * status awaiting_target → introduced | declined | cancelled; expiry is read against expires_at
 * (an awaiting row past it is expired), so no job has to run for silence to count as a no.
 */
export const createIntroductions: Migration = {
  name: '202511290000-introductions-opt-in',
  async up({ queryInterface }) {
    await queryInterface.createTable('introductions', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      suggestion_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'introduction_suggestions', key: 'id' }, onDelete: 'CASCADE' },
      request_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'introduction_requests', key: 'id' }, onDelete: 'CASCADE' },
      requester_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      target_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      connector_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      status: { type: DataTypes.STRING(30), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      expires_at: { type: DataTypes.DATE(3), allowNull: false },
      answered_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addIndex('introductions', ['suggestion_id'], { unique: true, name: 'introductions_suggestion_unique' });
    await queryInterface.addIndex('introductions', ['requester_id', 'status'], { name: 'introductions_requester_status' });
    await queryInterface.addIndex('introductions', ['target_id', 'status'], { name: 'introductions_target_status' });
    await queryInterface.addIndex('introductions', ['connector_id'], { name: 'introductions_connector' });
    await queryInterface.addIndex('introductions', ['request_id'], { name: 'introductions_request' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('introductions');
  },
};
