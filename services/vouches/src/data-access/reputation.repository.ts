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
 * trust graph: one plain query over the status index,
 * no model instances (a million rows must stay cheap).
 */
export async function listAcceptedEdges(db: Database): Promise<AcceptedEdge[]> {
  const rows = await db.sequelize.query<{ voucher_id: number | string; recipient_id: number | string; type: string; accepted_at: Date | string }>(
    `SELECT voucher_id, recipient_id, type, accepted_at
       FROM vouches
      WHERE status = 'accepted' AND voucher_id IS NOT NULL AND recipient_id IS NOT NULL AND accepted_at IS NOT NULL`,
    { type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({
    voucherId: Number(r.voucher_id),
    recipientId: Number(r.recipient_id),
    type: r.type as VouchType,
    acceptedAt: r.accepted_at,
  }));
}
