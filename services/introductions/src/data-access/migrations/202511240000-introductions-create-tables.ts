import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * introduction_requests: one row per request (status broadcasting → collecting_suggestions →
 * completed; cancelled reserved). introduction_suggestions: one row per suggestion; the unique
 * (request, suggester, suggested person) refuses a duplicate even under concurrent requests.
 */
export const createTables: Migration = {
  name: '202511240000-introductions-create-tables',
  async up({ queryInterface }) {
    await queryInterface.createTable('introduction_requests', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      requester_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      request_type: { type: DataTypes.STRING(100), allowNull: false },
      desired_skills: { type: DataTypes.STRING(500), allowNull: false },
      reason: { type: DataTypes.TEXT, allowNull: false },
      context: { type: DataTypes.TEXT, allowNull: true },
      status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'broadcasting' },
      degree_level: { type: DataTypes.INTEGER, allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('introduction_requests', ['requester_id', 'created_at'], { name: 'introduction_requests_requester_created' });
    await queryInterface.addIndex('introduction_requests', ['status', 'requester_id'], { name: 'introduction_requests_status_requester' });

    await queryInterface.createTable('introduction_suggestions', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      request_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'introduction_requests', key: 'id' }, onDelete: 'CASCADE' },
      suggester_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      suggested_person_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      is_self_suggestion: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      reasoning: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'pending_requestor' },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      responded_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addIndex('introduction_suggestions', ['request_id', 'suggester_id', 'suggested_person_id'], { unique: true, name: 'introduction_suggestions_unique' });
    await queryInterface.addIndex('introduction_suggestions', ['suggester_id', 'status'], { name: 'introduction_suggestions_suggester_status' });
    await queryInterface.addIndex('introduction_suggestions', ['suggested_person_id', 'status'], { name: 'introduction_suggestions_suggested_status' });
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('introduction_suggestions');
    await queryInterface.dropTable('introduction_requests');
  },
};

export const migrations: Migration[] = [createTables];
