import type { Transaction } from 'sequelize';
import { forgetSyncAudiences, memberAudience, phoneAudience, type Database } from '@vouch/service-core';
import { getMember, getMembers, updateMemberStats, type MemberChoices, type MemberDataPart } from '@vouch/service-auth';
import {
  deleteMemberVouchRows,
  findProfileOf,
  listVouchesGivenBy,
  listVouchesReceivedBy,
  type MemberRef,
} from '../data-access/member-data.repository';
import { ensureProfile } from '../../profiles';
import { releaseHoldStart } from '../../profiles';
import { releaseSlugs, slugsOfMember } from '../../../data-access/profile.repository';
import { requestReputationRecompute } from '../../reputation';
import { indexMemberSkills } from '../../skill-index';
import { unlinkMember } from '../../trust-paths';
import { deleteAsksOf, listAllAsksOf } from '../../asks';
import { deleteVouchBackDismissalsOf } from '../../vouching';
import { forgetPersonWords, indexPersonWords } from '../../people-search';
import { FORMER_MEMBER_ID, namedMemberIds, recipientNameOf, toVouchDto, voucherNameOf, type VouchRecord } from '../../../domain/vouch';
import { recordVouchChanges } from '../../../domain/vouch-sync';

/** A vouch in the member's data export: the SPEC §3 Vouch with its raw status (revoked included) and answer date, without the link token. */
export function exportedVouch(vouch: VouchRecord, voucherName: string, recipientName: string = vouch.recipientName) {
  const { vouchToken: _token, publicToken: _publicToken, ...dto } = toVouchDto(vouch, voucherName, recipientName);
  return { ...dto, status: vouch.status, respondedAt: vouch.respondedAt ? vouch.respondedAt.toISOString() : null };
}

/**
 * How many accepted vouches each voucher loses when `memberId` (their recipient) deletes the
 * account: vouchesGiven counts accepted vouches given, and those vouches go with the recipient.
 * Former members (no row) and the member themself are left out.
 */
export function vouchesGivenToTakeBack(received: readonly Pick<VouchRecord, 'voucherId' | 'status'>[], memberId: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const vouch of received) {
    if (vouch.status !== 'accepted' || vouch.voucherId === FORMER_MEMBER_ID || vouch.voucherId === memberId) continue;
    counts.set(vouch.voucherId, (counts.get(vouch.voucherId) ?? 0) + 1);
  }
  return counts;
}

async function memberRef(db: Database, memberId: number, t?: Transaction): Promise<MemberRef> {
  const member = await getMember(db, memberId, t);
  if (!member) throw new Error(`There is no member ${memberId}.`);
  return { id: member.id, phone: member.phone };
}

/** The vouches service's part of GET /api/account/export: vouches given and received with their texts, asks, the profile. */
export async function exportMemberData(db: Database, memberId: number, t?: Transaction): Promise<Record<string, unknown>> {
  const member = await memberRef(db, memberId, t);
  const [given, received, profile] = [await listVouchesGivenBy(db, member.id, t), await listVouchesReceivedBy(db, member, t), await findProfileOf(db, member.id, t)];
  const asks = await listAllAsksOf(db, member.id, t);
  // Recipients who answered are named as they now call themselves (issue 44), as everywhere.
  const names = new Map((await getMembers(db, [...new Set([member.id, ...namedMemberIds([...given, ...received])])], t)).map((m) => [m.id, m.name]));
  return {
    given: given.map((v) => exportedVouch(v, voucherNameOf(names, v.voucherId), recipientNameOf(names, v))),
    received: received.map((v) => exportedVouch(v, voucherNameOf(names, v.voucherId), recipientNameOf(names, v))),
    vouchAsks: asks.map((a) => ({ role: a.askerId === member.id ? 'asker' : 'asked', status: a.status, message: a.message, createdAt: a.createdAt.toISOString(), answeredAt: a.answeredAt?.toISOString() ?? null })),
    profile: profile && {
      slug: profile.slug,
      isPublic: profile.isPublic,
      customBio: profile.customBio,
      headline: profile.headline,
      currentSummary: profile.currentSummary,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
  };
}

/**
 * The vouches service's part of DELETE /api/account, in the deletion's transaction: the
 * vouchers of the accepted vouches the member received lose one vouchesGiven each (those
 * vouches go), then deleteMemberVouchRows (accepted vouches given stay, anonymised); the
 * member's skill document goes and those of the people they vouched for are rebuilt. The other
 * members' synced copies follow (issue 45): a vouch that went is a removed item to them, one
 * that stays names "A former member"; the member's own copies are forgotten with the account
 * (activities about the member are the notifications service's part).
 */
export async function forgetMember(db: Database, t: Transaction, member: MemberRef): Promise<void> {
  const received = await listVouchesReceivedBy(db, member, t);
  for (const [voucherId, count] of vouchesGivenToTakeBack(received, member.id)) {
    await updateMemberStats(db, voucherId, { vouchesGiven: { increment: -count } }, t);
  }
  // Accepted vouches given stay, anonymised: their recipients' documents count vouchers anew.
  const given = await listVouchesGivenBy(db, member.id, t);
  const recipients = given.filter((v) => v.status === 'accepted' && v.recipientId !== null).map((v) => v.recipientId as number);
  const forgotten = [memberAudience(member.id), phoneAudience(member.phone)];
  recordVouchChanges(db, t, received, { removed: 'account_deleted', forgotten });
  recordVouchChanges(db, t, given.filter((v) => v.status === 'accepted').map((v) => ({ ...v, voucherId: FORMER_MEMBER_ID })), { forgotten });
  recordVouchChanges(db, t, given.filter((v) => v.status !== 'accepted'), { removed: 'account_deleted', forgotten });
  await forgetSyncAudiences(db, t, forgotten);
  // The member's profile URLs, earlier ones too, lead nowhere now (410) and nobody may take them
  // for a year (issue 43): an old link never opens someone else's profile.
  const now = new Date();
  await releaseSlugs(db, t, { slugs: await slugsOfMember(db, member.id, t), now, holdStart: releaseHoldStart(now), memberId: member.id });
  await deleteMemberVouchRows(db, t, member);
  await deleteAsksOf(db, t, member.id);
  await deleteVouchBackDismissalsOf(db, t, member.id);
  await indexMemberSkills(db, t, [member.id, ...recipients]);
  await unlinkMember(db, t, member.id);
  await forgetPersonWords(db, t, member.id);
}

/** A new member's profile, with the visibility they chose at registration (issue 26 item 17). */
export async function createMemberProfile(db: Database, member: { id: number; name: string }, choices: MemberChoices, now: Date): Promise<void> {
  await ensureProfile(db, member, now, choices.isPublic, choices.nameFromVoucher === true);
  await db.transaction((t) => indexPersonWords(db, t, member.id, { name: member.name, headline: true }));
}

/** Passed by the gateway to createAuthService({ memberDataParts }). */
export const vouchesMemberData: MemberDataPart = {
  name: 'vouches',
  createMemberData: createMemberProfile,
  exportMemberData,
  forgetMember,
  // Scores and connection counts of everyone who was linked to the member move. Must not throw
  // (the deletion is committed): should the mark fail, the next accept's request covers it.
  afterForget: (db) => requestReputationRecompute(db).catch(() => undefined),
};
