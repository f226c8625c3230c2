import { Op, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { VouchRecord } from '../../../domain/vouch';
import { vouchesModels } from '../../../data-access/models';
import { toProfileRecord, type ProfileRecord } from '../../../data-access/profile.repository';
import { toVouchRecord } from '../../../data-access/vouch.repository';

/** Who is exported or forgotten: the member and the phone vouches were addressed to. */
export interface MemberRef {
  id: number;
  phone: string;
}

/** Vouches made for the member: answered by them, or addressed to their phone (pending or not). */
const receivedWhere = (member: MemberRef) => ({ [Op.or]: [{ recipientId: member.id }, { recipientPhone: member.phone }] });

export async function listVouchesGivenBy(db: Database, memberId: number, t?: Transaction): Promise<VouchRecord[]> {
  const rows = await vouchesModels(db.sequelize).Vouch.findAll({ where: { voucherId: memberId }, order: [['createdAt', 'ASC'], ['id', 'ASC']], transaction: t });
  return rows.map(toVouchRecord);
}

export async function listVouchesReceivedBy(db: Database, member: MemberRef, t?: Transaction): Promise<VouchRecord[]> {
  const rows = await vouchesModels(db.sequelize).Vouch.findAll({ where: receivedWhere(member), order: [['createdAt', 'ASC'], ['id', 'ASC']], transaction: t });
  return rows.map(toVouchRecord);
}

export async function findProfileOf(db: Database, memberId: number, t?: Transaction): Promise<ProfileRecord | null> {
  const row = await vouchesModels(db.sequelize).Profile.findOne({ where: { memberId }, transaction: t });
  return row ? toProfileRecord(row) : null;
}

/**
 * The vouches side of an account deletion, in the caller's transaction: vouches made for the
 * member go; accepted vouches they gave stay with voucher_id NULL (anonymised); every other
 * vouch they gave (pending, declined, revoked) goes; so do their profile, profile URLs and score
 * explanation row (the bell
 * is the notifications service's part).
 */
export async function deleteMemberVouchRows(db: Database, t: Transaction, member: MemberRef): Promise<void> {
  const { Vouch, Profile, ProfileSlug, ReputationExplanation } = vouchesModels(db.sequelize);
  await Vouch.destroy({ where: receivedWhere(member), transaction: t });
  // The recipient's copy now names "A former member": a change their next sync brings (forgetMember records it).
  await Vouch.update({ voucherId: null, updatedAt: new Date() }, { where: { voucherId: member.id, status: 'accepted' }, transaction: t });
  await Vouch.destroy({ where: { voucherId: member.id }, transaction: t });
  await Profile.destroy({ where: { memberId: member.id }, transaction: t });
  // Released first (forgetMember: 410 and held a year, issue 43); whatever is left goes.
  await ProfileSlug.destroy({ where: { memberId: member.id }, transaction: t });
  // What moved their score (issue 44): the next run reads the network whole, as a member left.
  await ReputationExplanation.destroy({ where: { memberId: member.id }, transaction: t });
}
