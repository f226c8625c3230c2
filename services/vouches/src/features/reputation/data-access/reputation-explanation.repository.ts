import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { vouchesModels } from '../../../data-access/models';

/** One member's row of `reputation_explanations` (migration 202612100000). */
export interface ExplanationRow {
  memberId: number;
  /** Raw trust one vouch of type weight 1 from this member passes (4 significant digits). */
  vouchPass: number;
  /** The score before the last time the shown (whole) score moved; null: never recorded. */
  previousScore: number | null;
  changedAt: Date | null;
  previousChangedAt: Date | null;
}

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function toRow(r: Record<string, unknown>): ExplanationRow {
  return {
    memberId: Number(r.memberId),
    vouchPass: Number(r.vouchPass),
    previousScore: r.previousScore === null || r.previousScore === undefined ? null : Number(r.previousScore),
    changedAt: toDate(r.changedAt),
    previousChangedAt: toDate(r.previousChangedAt),
  };
}

/** Every row, for a run that does not hold them in memory (one plain read of small rows). */
export async function listExplanationRows(db: Database, t?: Transaction): Promise<Map<number, ExplanationRow>> {
  const rows = await db.sequelize.query<Record<string, unknown>>(
    'SELECT member_id AS memberId, vouch_pass AS vouchPass, previous_score AS previousScore, changed_at AS changedAt, previous_changed_at AS previousChangedAt FROM reputation_explanations',
    { type: QueryTypes.SELECT, transaction: t },
  );
  return new Map(rows.map((r) => [Number(r.memberId), toRow(r)]));
}

/** The rows of `memberIds` (a member and their vouchers), by primary key. */
export async function explanationRows(db: Database, memberIds: readonly number[]): Promise<Map<number, ExplanationRow>> {
  if (memberIds.length === 0) return new Map();
  const rows = await vouchesModels(db.sequelize).ReputationExplanation.findAll({ where: { memberId: { [Op.in]: [...memberIds] } }, raw: true });
  return new Map(rows.map((r) => [Number((r as unknown as ExplanationRow).memberId), toRow(r as unknown as Record<string, unknown>)]));
}

/** Inserts or replaces rows (one statement per call: the caller batches). */
export async function writeExplanationRows(db: Database, rows: readonly ExplanationRow[], t: Transaction): Promise<void> {
  if (rows.length === 0) return;
  await vouchesModels(db.sequelize).ReputationExplanation.bulkCreate(
    rows.map((r) => ({ ...r })),
    { updateOnDuplicate: ['vouchPass', 'previousScore', 'changedAt', 'previousChangedAt'], transaction: t },
  );
}

/** The run's scale: a typical established member's received trust (relative trust 1). */
export async function writeTrustReference(db: Database, reference: number, leaseHolder?: string): Promise<void> {
  // With `leaseHolder`: only while that run still holds the lease.
  const held = leaseHolder === undefined ? '' : ' AND lease_holder = :leaseHolder';
  await db.sequelize.query(`UPDATE reputation_runs SET trust_reference = :reference WHERE name = 'reputation'${held}`, { replacements: { reference, leaseHolder: leaseHolder ?? null } });
}

/** The last run's scale; null before the first run. */
export async function readTrustReference(db: Database): Promise<number | null> {
  const [row] = await db.sequelize.query<{ reference: number | string | null }>("SELECT trust_reference AS reference FROM reputation_runs WHERE name = 'reputation'", { type: QueryTypes.SELECT });
  return row?.reference === null || row?.reference === undefined ? null : Number(row.reference);
}
