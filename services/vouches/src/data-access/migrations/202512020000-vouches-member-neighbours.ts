import type { Migration } from '@vouch/service-core';
import { refillMemberNeighbours } from '../../features/trust-paths';

/**
 * `member_neighbours` (member_id): each member's 1° people as one row, for the network analysis
 * (graph.ts reachByConnector): `neighbours` lists the members joined to them by an accepted vouch
 * (either direction, not themselves, not a former member) as ",id,id," with a minus sign on those
 * who have skills on record (an accepted vouch received that names skills); `skilled` is that
 * flag for the member themselves. The analysis at 3° reads the rows of me, my 1° and my 2° people
 * (≈ 3,600 primary-key lookups on the reference network) instead of walking ≈ 60,000 vouch index
 * entries and looking up 45,000 people's skills. Kept exact in the transactions that change
 * accepted vouches (neighbours.repository.ts); filled here from the vouches already there.
 */
export const memberNeighbours: Migration = {
  name: '202512020000-vouches-member-neighbours',
  async up({ sequelize, dialect }) {
    const list = dialect === 'mysql' ? 'MEDIUMTEXT' : 'TEXT';
    await sequelize.query(`CREATE TABLE \`member_neighbours\` (\`member_id\` INTEGER NOT NULL PRIMARY KEY, \`neighbours\` ${list} NOT NULL, \`skilled\` INTEGER NOT NULL DEFAULT 0)`);
    await refillMemberNeighbours(sequelize, dialect);
  },
  async down({ sequelize }) {
    await sequelize.query('DROP TABLE `member_neighbours`');
  },
};
