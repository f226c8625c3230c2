import type { Migration } from '@vouch/service-core';

/**
 * Covering indexes for the graph walk (reachWithin, reachByConnector): each hop looks up the
 * accepted vouches of a member from either end and needs only the other end, so
 * (voucher_id, status, recipient_id) and (recipient_id, status, voucher_id) answer it from the
 * index alone, without a row lookup per edge. Measured on 100,000 members and 1,000,000 vouches
 * (MariaDB 10.11, bench/network.bench.mjs): the 2° query of a member with 200 direct
 * connections went from 67 ms to about 20 ms. They replace the two-column indexes they extend.
 */
export const graphIndexes: Migration = {
  name: '202511250000-vouches-graph-indexes',
  async up({ queryInterface }) {
    await queryInterface.addIndex('vouches', ['voucher_id', 'status', 'recipient_id'], { name: 'vouches_voucher_status_recipient' });
    await queryInterface.addIndex('vouches', ['recipient_id', 'status', 'voucher_id'], { name: 'vouches_recipient_status_voucher' });
    await queryInterface.removeIndex('vouches', 'vouches_voucher_status');
    await queryInterface.removeIndex('vouches', 'vouches_recipient_status');
  },
  async down({ queryInterface }) {
    await queryInterface.addIndex('vouches', ['voucher_id', 'status'], { name: 'vouches_voucher_status' });
    await queryInterface.addIndex('vouches', ['recipient_id', 'status'], { name: 'vouches_recipient_status' });
    await queryInterface.removeIndex('vouches', 'vouches_voucher_status_recipient');
    await queryInterface.removeIndex('vouches', 'vouches_recipient_status_voucher');
  },
};
