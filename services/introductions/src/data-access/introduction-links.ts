import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';

/**
 * A member joined to me by an introduction that happened: a suggestion the requester accepted.
 * `introduction_target`: they were suggested for my request and I accepted; `introduction_requester`:
 * they accepted a suggestion of me for their request (a self-suggestion I made included).
 */
export interface IntroductionLink {
  memberId: number;
  relationshipType: 'introduction_requester' | 'introduction_target';
}

/**
 * The member's introduction links (see IntroductionLink), oldest acceptance first, one row per
 * accepted suggestion (the same person may come twice: the network keeps one). Pending and
 * rejected suggestions join no one, and the suggester is not linked by suggesting someone else.
 * One query, from the indexes on introduction_requests (requester_id, …) and
 * introduction_suggestions (suggested_person_id, status). For the network map
 * (ServiceHooks.introductionLinks, wired by the gateway).
 */
export async function introductionLinksOf(db: Database, memberId: number): Promise<IntroductionLink[]> {
  const rows = await db.sequelize.query<{ member_id: number | string; relationship_type: IntroductionLink['relationshipType'] }>(
    `SELECT s.suggested_person_id AS member_id, 'introduction_target' AS relationship_type, s.responded_at AS accepted_at, s.id AS id
       FROM introduction_requests r
       JOIN introduction_suggestions s ON s.request_id = r.id
      WHERE r.requester_id = :me AND s.status = 'accepted'
     UNION ALL
     SELECT r.requester_id, 'introduction_requester', s.responded_at, s.id
       FROM introduction_suggestions s
       JOIN introduction_requests r ON r.id = s.request_id
      WHERE s.suggested_person_id = :me AND s.status = 'accepted'
      ORDER BY accepted_at, id`,
    { replacements: { me: memberId }, type: QueryTypes.SELECT },
  );
  return rows
    .filter((row) => Number(row.member_id) !== memberId)
    .map((row) => ({ memberId: Number(row.member_id), relationshipType: row.relationship_type }));
}
