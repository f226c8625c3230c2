import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * Issue 44 item 5: what moved a member's score. `reputation_explanations`, one row per member the
 * reputation run has scored, written by the run only when a value in it changes:
 * - `vouch_pass`: the raw trust one vouch (type weight 1) from this member passes (4 significant
 *   digits, so a run rewrites it only where trust really moved): with the run's
 *   `reputation_runs.trust_reference` it gives what each of a member's vouches adds to their score,
 *   computed when they ask (GET /api/reputation/explanation), not stored per vouch;
 * - `previous_score`, `changed_at`, `previous_changed_at`: the last time the score as shown (a whole
 *   number) moved, from what, and the time before, so the vouches accepted in between can be named.
 */
export const reputationExplanations: Migration = {
  name: '202612100000-vouches-reputation-explanations',
  async up({ queryInterface }) {
    await queryInterface.createTable('reputation_explanations', {
      member_id: { type: DataTypes.INTEGER, primaryKey: true },
      vouch_pass: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
      previous_score: { type: DataTypes.DOUBLE, allowNull: true },
      changed_at: { type: DataTypes.DATE(3), allowNull: true },
      previous_changed_at: { type: DataTypes.DATE(3), allowNull: true },
    });
    await queryInterface.addColumn('reputation_runs', 'trust_reference', { type: DataTypes.DOUBLE, allowNull: true });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('reputation_runs', 'trust_reference');
    await queryInterface.dropTable('reputation_explanations');
  },
};
