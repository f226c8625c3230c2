import { QueryTypes, type Transaction } from 'sequelize';
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
export async function listAcceptedEdges(db: Database, t?: Transaction): Promise<AcceptedEdge[]> {
  return db.sequelize.query<AcceptedEdge>(
    `SELECT voucher_id AS voucherId, recipient_id AS recipientId, type, CAST(accepted_at AS CHAR) AS acceptedAt
       FROM vouches
      WHERE status = 'accepted' AND voucher_id IS NOT NULL AND recipient_id IS NOT NULL AND accepted_at IS NOT NULL`,
    { type: QueryTypes.SELECT, transaction: t },
  );
}

/** How many accepted vouches there are and the sum of their ids: what a snapshot of them must add up to. */
export interface AcceptedVouchTotals {
  count: number;
  idSum: number;
}

/**
 * COUNT and SUM(id) of every accepted vouch (a former member's included): an index-only scan of
 * `(status, accepted_at)` (the primary key rides in every secondary index), ≈ 0.3 s inside
 * MariaDB for 850,000 accepted vouches, no row sent. A vouch leaving the accepted set changes
 * both; one leaving while another arrives unseen still changes the sum.
 */
export async function acceptedVouchTotals(db: Database, t?: Transaction): Promise<AcceptedVouchTotals> {
  const [row] = await db.sequelize.query<{ n: number | string; s: number | string | null }>(`SELECT COUNT(*) AS n, SUM(id) AS s FROM vouches WHERE status = 'accepted'`, {
    type: QueryTypes.SELECT,
    transaction: t,
  });
  return { count: Number(row?.n ?? 0), idSum: Number(row?.s ?? 0) };
}

/** An accepted vouch as the incremental run reads it: an edge when both members are still there. */
export interface AcceptedVouchRow {
  id: number;
  voucherId: number | null;
  recipientId: number | null;
  type: VouchType;
  acceptedAt: Date;
}

/** The vouches accepted at `since` or later (a former member's included): a range of the index `(status, accepted_at)`. */
export async function listVouchesAcceptedSince(db: Database, since: Date, t?: Transaction): Promise<AcceptedVouchRow[]> {
  const rows = await db.sequelize.query<{ id: number; voucherId: number | null; recipientId: number | null; type: VouchType; acceptedAt: Date | string }>(
    `SELECT id, voucher_id AS voucherId, recipient_id AS recipientId, type, accepted_at AS acceptedAt
       FROM vouches
      WHERE status = 'accepted' AND accepted_at >= :since`,
    { type: QueryTypes.SELECT, replacements: { since }, transaction: t },
  );
  const id = (value: number | null) => (value === null ? null : Number(value));
  // SQLite hands DATE columns back as text ("2026-11-24 16:00:00.000 +00:00"); MySQL as a Date.
  return rows.map((r) => ({ id: Number(r.id), voucherId: id(r.voucherId), recipientId: id(r.recipientId), type: r.type, acceptedAt: new Date(r.acceptedAt) }));
}
