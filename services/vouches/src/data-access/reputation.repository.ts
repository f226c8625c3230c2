import { QueryTypes } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { VouchType } from '@vouch/contracts';

export interface AcceptedEdge {
  voucherId: number;
  recipientId: number;
  type: VouchType;
  acceptedAt: Date | string;
}

/**
 * Every accepted vouch between two members (not one from a former member) as an edge of the
 * trust graph: one plain query over the status index, no model instances, the rows used as they
 * come (a million rows must stay cheap: the run shares the machine with the gateway).
 * `accepted_at` as text: the model only asks whether it is set and, given no `asOf`, the latest
 * (recomputeReputation always passes `asOf`); MySQL's driver would build a Date per row.
 */
export async function listAcceptedEdges(db: Database): Promise<AcceptedEdge[]> {
  return db.sequelize.query<AcceptedEdge>(
    `SELECT voucher_id AS voucherId, recipient_id AS recipientId, type, CAST(accepted_at AS CHAR) AS acceptedAt
       FROM vouches
      WHERE status = 'accepted' AND voucher_id IS NOT NULL AND recipient_id IS NOT NULL AND accepted_at IS NOT NULL`,
    { type: QueryTypes.SELECT },
  );
}
