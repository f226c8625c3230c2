import type { Database, MemberWriteStamps } from '@vouch/service-core';

/**
 * members.write_stamp: moved on once each write a signed-in member makes has committed, before its
 * answer goes out, so any instance's member read cache knows a body it keeps from before that write
 * is old (services/core/src/member-read-cache.ts). Plain queries on the primary key: the read runs
 * before every cached read.
 */
export function memberWriteStamps(db: Database): MemberWriteStamps {
  return {
    async read(memberId) {
      const [row] = await db.select<{ stamp: number | string }>('SELECT write_stamp AS stamp FROM members WHERE id = :memberId', { memberId });
      return row ? Number(row.stamp) : 0;
    },
    async bump(memberId) {
      await db.sequelize.query('UPDATE members SET write_stamp = write_stamp + 1 WHERE id = ?', { replacements: [memberId] });
    },
  };
}
