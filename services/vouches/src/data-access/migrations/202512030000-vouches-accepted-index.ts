import type { Migration } from '@vouch/service-core';

/**
 * `(status, accepted_at)`: the worker's incremental reputation run reads the vouches accepted
 * since its last run (listVouchesAcceptedSince), a handful of rows, by a range of this index
 * instead of scanning every accepted vouch. It makes the single-column `vouches_status` a prefix
 * of itself, so that one goes.
 */
export const acceptedIndex: Migration = {
  name: '202512030000-vouches-accepted-index',
  async up({ queryInterface }) {
    await queryInterface.addIndex('vouches', ['status', 'accepted_at'], { name: 'vouches_status_accepted' });
    await queryInterface.removeIndex('vouches', 'vouches_status');
  },
  async down({ queryInterface }) {
    await queryInterface.addIndex('vouches', ['status'], { name: 'vouches_status' });
    await queryInterface.removeIndex('vouches', 'vouches_status_accepted');
  },
};
