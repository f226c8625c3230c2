import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * `reputation_runs`: one row per whole-network computation ('reputation'), shared by every
 * gateway and worker process on the database. A gateway marks a run wanted (`requested_seq`
 * + 1, one indexed UPDATE after an accept); a worker holding the lease (`lease_holder` until
 * `lease_until`, a conditional UPDATE, so on MySQL/MariaDB and SQLite alike only one process
 * runs) computes and records which request it covered (`done_seq`) and how long it took.
 * Times are epoch milliseconds (BIGINT): compared in SQL with the caller's clock, no time zones.
 */
export const reputationRuns: Migration = {
  name: '202511300000-vouches-reputation-runs',
  async up({ queryInterface }) {
    await queryInterface.createTable('reputation_runs', {
      name: { type: DataTypes.STRING(32), primaryKey: true },
      requested_seq: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
      // When the oldest request not yet covered arrived (the burst's first accept).
      requested_at: { type: DataTypes.BIGINT, allowNull: true },
      done_seq: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
      lease_holder: { type: DataTypes.STRING(96), allowNull: true },
      lease_until: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
      runs: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      last_started_at: { type: DataTypes.BIGINT, allowNull: true },
      last_finished_at: { type: DataTypes.BIGINT, allowNull: true },
      last_members: { type: DataTypes.INTEGER, allowNull: true },
      last_changed: { type: DataTypes.INTEGER, allowNull: true },
    });
    await queryInterface.bulkInsert('reputation_runs', [{ name: 'reputation', requested_seq: 0, done_seq: 0, lease_until: 0, runs: 0 }]);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('reputation_runs');
  },
};
