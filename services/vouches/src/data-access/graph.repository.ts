import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';

export interface ReachRow {
  memberId: number;
  degree: number;
  /** The first-hop member on a shortest path (the smallest id when several tie). */
  via: number;
}

/**
 * Everyone reachable from `memberId` within `maxDegree` hops over accepted vouches, either
 * direction, in ONE query: a recursive CTE that runs on SQLite ≥ 3.8.3 and MySQL 8 /
 * MariaDB ≥ 10.2. Rows are (member, degree, first hop), deduplicated by UNION, so the
 * work is bounded by members × degrees × first hops rather than by the number of paths.
 * Pending, rejected and revoked vouches never connect anyone (consent).
 */
export async function reachableWithin(db: Database, memberId: number, maxDegree: number): Promise<ReachRow[]> {
  const rows = await db.sequelize.query<{ member_id: number | string; degree: number | string; via: number | string }>(
    `WITH RECURSIVE reach (member_id, degree, via) AS (
       SELECT CASE WHEN v.voucher_id = :me THEN v.recipient_id ELSE v.voucher_id END, 1,
              CASE WHEN v.voucher_id = :me THEN v.recipient_id ELSE v.voucher_id END
         FROM vouches v
        WHERE v.status = 'accepted' AND v.recipient_id IS NOT NULL AND (v.voucher_id = :me OR v.recipient_id = :me)
       UNION
       SELECT CASE WHEN v.voucher_id = r.member_id THEN v.recipient_id ELSE v.voucher_id END, r.degree + 1, r.via
         FROM reach r
         JOIN vouches v
           ON v.status = 'accepted' AND v.recipient_id IS NOT NULL
          AND (v.voucher_id = r.member_id OR v.recipient_id = r.member_id)
        WHERE r.degree < :maxDegree AND r.member_id <> :me
     ),
     best (member_id, degree) AS (
       SELECT member_id, MIN(degree) FROM reach WHERE member_id <> :me GROUP BY member_id
     )
     SELECT b.member_id AS member_id, b.degree AS degree, MIN(r.via) AS via
       FROM best b
       JOIN reach r ON r.member_id = b.member_id AND r.degree = b.degree
      GROUP BY b.member_id, b.degree
      ORDER BY b.degree, b.member_id`,
    { replacements: { me: memberId, maxDegree }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), degree: Number(row.degree), via: Number(row.via) }));
}
