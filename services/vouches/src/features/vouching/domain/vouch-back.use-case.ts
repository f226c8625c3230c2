/**
 * "Vouch back for <name>" on the dashboard (issue 44 item 6): offered after an acceptance, and
 * kept until the member vouches for them (a pending or accepted vouch) or dismisses it, on every
 * device.
 */
import { problems } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { VOUCH_BACK_LIMIT, type VouchBack } from '@vouch/contracts';
import { phonesWithLiveVouchFrom } from '../../../data-access/vouch.repository';
import { dismissVouchBack as saveDismissal, hasVouchedFor, undismissedVouchersOf } from '../data-access/vouch-back.repository';
import type { SignedInMember } from '../../../domain/vouches-deps';
import type { Database } from '@vouch/service-core';

/** Read past the first few: the latest vouchers may all have been vouched for already. */
const CANDIDATES = 20;

/** The people who vouched for the member whom the member has not vouched for, nor dismissed: the latest first, at most VOUCH_BACK_LIMIT. */
export async function vouchBacksFor(db: Database, member: SignedInMember): Promise<VouchBack[]> {
  const ids = await undismissedVouchersOf(db, member.memberId, CANDIDATES);
  const byId = new Map((await getMembers(db, ids)).map((m) => [m.id, m]));
  // A voucher who left has no vouch back (not in byId); one already vouched for has none either.
  const vouchers = ids.flatMap((id) => byId.get(id) ?? []);
  const done = await phonesWithLiveVouchFrom(db, member.memberId, vouchers.map((v) => v.phone));
  return vouchers
    .filter((v) => !done.has(v.phone))
    .slice(0, VOUCH_BACK_LIMIT)
    .map((v) => ({ memberId: v.id, name: v.name }));
}

/** "Not now": the offer for this voucher goes, on every device. Only someone who vouched for the member. */
export async function dismissVouchBack(db: Database, member: SignedInMember, voucherId: number, now: Date): Promise<void> {
  if (!(await hasVouchedFor(db, voucherId, member.memberId))) throw problems.notFound('No vouch back is offered for this member.');
  await saveDismissal(db, member.memberId, voucherId, now);
}
