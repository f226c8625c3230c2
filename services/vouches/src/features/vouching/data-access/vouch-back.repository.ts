// "Vouch back for <name>" (issue 44): who vouched for a member (accepted), newest first, and the
// member's dismissals of the offer.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';

/** The members whose accepted vouches `memberId` received, the latest acceptance first, at most `limit`, without the dismissed ones. */
export async function undismissedVouchersOf(db: Database, memberId: number, limit: number): Promise<number[]> {
  const rows = await db.select<{ voucherId: number | string }>(
    `SELECT v.voucher_id AS voucherId FROM vouches v
      WHERE v.recipient_id = :memberId AND v.status = 'accepted' AND v.voucher_id <> :memberId
        AND NOT EXISTS (SELECT 1 FROM vouch_back_dismissals d WHERE d.member_id = :memberId AND d.voucher_id = v.voucher_id)
      GROUP BY v.voucher_id ORDER BY MAX(v.accepted_at) DESC, v.voucher_id LIMIT ${Number(limit)}`,
    { memberId },
  );
  return rows.map((row) => Number(row.voucherId));
}

/** Whether `voucherId` has an accepted vouch for `memberId` (the only offers one may dismiss). */
export async function hasVouchedFor(db: Database, voucherId: number, memberId: number): Promise<boolean> {
  const rows = await db.select<{ one: number }>("SELECT 1 AS one FROM vouches WHERE voucher_id = :voucherId AND recipient_id = :memberId AND status = 'accepted' LIMIT 1", { voucherId, memberId });
  return rows.length > 0;
}

/** `memberId` dismisses the offer to vouch back for `voucherId` (again: nothing changes). */
export async function dismissVouchBack(db: Database, memberId: number, voucherId: number, now: Date): Promise<void> {
  const sql =
    db.dialect === 'mysql'
      ? 'INSERT IGNORE INTO vouch_back_dismissals (member_id, voucher_id, created_at) VALUES (?, ?, ?)'
      : 'INSERT OR IGNORE INTO vouch_back_dismissals (member_id, voucher_id, created_at) VALUES (?, ?, ?)';
  await db.sequelize.query(sql, { replacements: [memberId, voucherId, now] });
}

/** The member's dismissals, either side, go with their account. */
export async function deleteVouchBackDismissalsOf(db: Database, t: Transaction, memberId: number): Promise<void> {
  await db.sequelize.query('DELETE FROM vouch_back_dismissals WHERE member_id = ? OR voucher_id = ?', { replacements: [memberId, memberId], transaction: t });
}
