import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';

export interface ReachRow {
  memberId: number;
  degree: number;
  /** The first-hop member on a shortest path (the smallest id when several tie). */
  via: number;
  /** How many distinct first hops lie on shortest paths to them (for a 2° member: the 1° members we share). */
  firstHops: number;
}

/**
 * Everyone within `:maxDegree` hops of `:me` over accepted vouches (either direction): the CTE
 * `reach (member_id, degree, via)` holds one row per member, degree and first hop (deduplicated
 * by UNION, so the work is bounded by members × degrees × first hops rather than by the number
 * of paths), and `best (member_id, degree)` each member's shortest degree. The member never
 * enters `reach`, so no walk goes back through them. Each hop is two equality joins (one per end
 * of a vouch) rather than one join on `voucher_id = m OR recipient_id = m`: an OR join defeats
 * the indexes on MariaDB (26–56 s instead of 20 ms on 1,000,000 vouches). Several recursive
 * SELECTs run on SQLite ≥ 3.34, MySQL 8 and MariaDB ≥ 10.2. Pending, rejected and revoked
 * vouches never connect anyone (consent).
 */
const REACH_CTE = `WITH RECURSIVE reach (member_id, degree, via) AS (
       SELECT v.recipient_id, 1, v.recipient_id
         FROM vouches v
        WHERE v.voucher_id = :me AND v.status = 'accepted' AND v.recipient_id IS NOT NULL
       UNION
       SELECT v.voucher_id, 1, v.voucher_id
         FROM vouches v
        WHERE v.recipient_id = :me AND v.status = 'accepted'
       UNION
       SELECT v.recipient_id, r.degree + 1, r.via
         FROM reach r
         JOIN vouches v ON v.voucher_id = r.member_id AND v.status = 'accepted'
        WHERE r.degree < :maxDegree AND v.recipient_id IS NOT NULL AND v.recipient_id <> :me
       UNION
       SELECT v.voucher_id, r.degree + 1, r.via
         FROM reach r
         JOIN vouches v ON v.recipient_id = r.member_id AND v.status = 'accepted'
        WHERE r.degree < :maxDegree AND v.voucher_id <> :me
     ),
     best (member_id, degree) AS (
       SELECT member_id, MIN(degree) FROM reach GROUP BY member_id
     )`;

/**
 * Everyone reachable from `memberId` within `maxDegree` hops over accepted vouches, either
 * direction, in ONE query (REACH_CTE), with the first hop of a shortest path and how many
 * distinct first hops such paths have.
 */
export async function reachableWithin(db: Database, memberId: number, maxDegree: number): Promise<ReachRow[]> {
  const rows = await db.sequelize.query<{ member_id: number | string; degree: number | string; via: number | string; first_hops: number | string }>(
    `${REACH_CTE}
     SELECT b.member_id AS member_id, b.degree AS degree, MIN(r.via) AS via, COUNT(DISTINCT r.via) AS first_hops
       FROM best b
       JOIN reach r ON r.member_id = b.member_id AND r.degree = b.degree
      GROUP BY b.member_id, b.degree
      ORDER BY b.degree, b.member_id`,
    { replacements: { me: memberId, maxDegree }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ memberId: Number(row.member_id), degree: Number(row.degree), via: Number(row.via), firstHops: Number(row.first_hops) }));
}

export interface FirstHopReachRow {
  /** A first-hop (1°) member. */
  via: number;
  /** People within reach whose shortest paths include one starting at `via` (`via` included). */
  reached: number;
  /** Of those, the people named with skills in at least one accepted vouch they received. */
  reachedWithSkills: number;
}

/**
 * How far each 1° member carries the member's reach within `maxDegree`, in ONE query
 * (REACH_CTE): per first hop, the people at their shortest degree behind it, and how many of
 * those have skills on record; `total` (via 0) counts everyone within reach once.
 */
export async function reachByFirstHop(db: Database, memberId: number, maxDegree: number): Promise<{ total: FirstHopReachRow; firstHops: FirstHopReachRow[] }> {
  // The skills check reads each reached member's received vouches (a row read per vouch: the TEXT
  // column is in no index), so it runs once per member (`people`, materialised because of the
  // window functions in `counted`), never once per (member, first hop) pair, and the totals ride
  // along on every row instead of a second pass.
  const rows = await db.sequelize.query<{ via: number | string; reached: number | string; with_skills: number | string | null; total: number | string; total_with_skills: number | string | null }>(
    `${REACH_CTE},
     people (member_id, has_skills) AS (
       SELECT b.member_id,
              CASE WHEN EXISTS (SELECT 1 FROM vouches s
                                 WHERE s.recipient_id = b.member_id AND s.status = 'accepted'
                                   AND s.skills IS NOT NULL AND TRIM(s.skills) <> '') THEN 1 ELSE 0 END
         FROM best b
     ),
     counted (member_id, has_skills, total, total_with_skills) AS (
       SELECT member_id, has_skills, COUNT(*) OVER (), SUM(has_skills) OVER () FROM people
     )
     SELECT r.via AS via, COUNT(*) AS reached, SUM(c.has_skills) AS with_skills,
            MAX(c.total) AS total, MAX(c.total_with_skills) AS total_with_skills
       FROM reach r
       JOIN best b ON b.member_id = r.member_id AND b.degree = r.degree
       JOIN counted c ON c.member_id = r.member_id
      GROUP BY r.via`,
    { replacements: { me: memberId, maxDegree }, type: QueryTypes.SELECT },
  );
  const firstHops = rows
    .map((row) => ({ via: Number(row.via), reached: Number(row.reached), reachedWithSkills: Number(row.with_skills ?? 0) }))
    .sort((x, y) => x.via - y.via);
  const first = rows[0];
  const total = { via: 0, reached: first ? Number(first.total) : 0, reachedWithSkills: first ? Number(first.total_with_skills ?? 0) : 0 };
  return { total, firstHops };
}
