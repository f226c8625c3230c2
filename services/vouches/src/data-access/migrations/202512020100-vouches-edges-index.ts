import type { Migration } from '@vouch/service-core';

/**
 * A covering index for the reputation run's read of every accepted vouch (listAcceptedEdges:
 * voucher, recipient, type, accepted_at where status is accepted). Without it the run scans the
 * table itself, texts included: 189 MB on the reference network, more than MariaDB's default
 * 128 MB buffer pool, so each run also pushed the pages the gateway's reads use out of memory.
 * The index holds ≈ 30 bytes per vouch.
 */
export const edgesIndex: Migration = {
  name: '202512020100-vouches-edges-index',
  async up({ queryInterface }) {
    await queryInterface.addIndex('vouches', ['status', 'voucher_id', 'recipient_id', 'type', 'accepted_at'], { name: 'vouches_status_edges' });
  },
  async down({ queryInterface }) {
    await queryInterface.removeIndex('vouches', 'vouches_status_edges');
  },
};
