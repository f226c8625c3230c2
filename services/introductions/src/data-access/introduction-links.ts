import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';

/**
 * A member joined to me by an introduction that happened: both agreed (double opt-in).
 * `introduction_target`: I asked, and they agreed to meet me; `introduction_requester`: they
 * asked, and I agreed (a self-suggestion I made and they accepted included).
 */
export interface IntroductionLink {
  memberId: number;
  relationshipType: 'introduction_requester' | 'introduction_target';
}

/**
 * The member's introduction links (see IntroductionLink), oldest agreement first, one row per
 * introduction (the same person may come twice: the network keeps one). An introduction still
 * awaiting its target, declined, expired or cancelled joins no one, and the connector is not
 * linked by suggesting. One query, from the (requester_id, status) and (target_id, status)
 * indexes on introductions. For the network map (the network service imports it).
 */
export async function introductionLinksOf(db: Database, memberId: number): Promise<IntroductionLink[]> {
  const rows = await db.sequelize.query<{ member_id: number | string; relationship_type: IntroductionLink['relationshipType'] }>(
    `SELECT target_id AS member_id, 'introduction_target' AS relationship_type, answered_at, id
       FROM introductions WHERE requester_id = :me AND status = 'introduced'
     UNION ALL
     SELECT requester_id, 'introduction_requester', answered_at, id
       FROM introductions WHERE target_id = :me AND status = 'introduced'
      ORDER BY answered_at, id`,
    { replacements: { me: memberId }, type: QueryTypes.SELECT },
  );
  return rows
    .filter((row) => Number(row.member_id) !== memberId)
    .map((row) => ({ memberId: Number(row.member_id), relationshipType: row.relationship_type }));
}
