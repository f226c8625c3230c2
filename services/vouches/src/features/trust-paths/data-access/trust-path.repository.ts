import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';

/** Ids per IN list: keeps each statement small on both dialects whatever the frontier's size. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The accepted-vouch neighbours of these members, either direction, as [member, neighbour]
 * pairs (one per vouch; a former member's vouch joins no one). Two equality lookups per
 * chunk, each answered from a covering index — (voucher_id, status, recipient_id) and
 * (recipient_id, status, voucher_id) — rather than one OR, which defeats them on MariaDB.
 */
export async function acceptedNeighbourPairs(db: Database, memberIds: readonly number[]): Promise<Array<[number, number]>> {
  const pairs: Array<[number, number]> = [];
  for (const ids of chunks(memberIds)) {
    const rows = await db.sequelize.query<{ a: number | string; b: number | string }>(
      `SELECT voucher_id AS a, recipient_id AS b FROM vouches WHERE voucher_id IN (:ids) AND status = 'accepted' AND recipient_id IS NOT NULL
       UNION ALL
       SELECT recipient_id AS a, voucher_id AS b FROM vouches WHERE recipient_id IN (:ids) AND status = 'accepted' AND voucher_id IS NOT NULL`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    for (const row of rows) pairs.push([Number(row.a), Number(row.b)]);
  }
  return pairs;
}

/** Of `candidates`, the members joined to `memberId` by an accepted vouch (either direction), ascending. */
export async function neighboursAmong(db: Database, memberId: number, candidates: readonly number[]): Promise<number[]> {
  const found = new Set<number>();
  for (const ids of chunks(candidates)) {
    const rows = await db.sequelize.query<{ id: number | string }>(
      `SELECT recipient_id AS id FROM vouches WHERE voucher_id = :me AND status = 'accepted' AND recipient_id IN (:ids)
       UNION
       SELECT voucher_id AS id FROM vouches WHERE recipient_id = :me AND status = 'accepted' AND voucher_id IN (:ids)`,
      { replacements: { me: memberId, ids }, type: QueryTypes.SELECT },
    );
    for (const row of rows) found.add(Number(row.id));
  }
  return [...found].sort((a, b) => a - b);
}
