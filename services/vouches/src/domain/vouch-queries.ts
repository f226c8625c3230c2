import { getMember, getMembers } from '@vouch/service-auth';
import { problems, type Database } from '@vouch/service-core';
import { VOUCH_MESSAGES, type Vouch } from '@vouch/contracts';
import { findVouchByToken, listAcceptedBy, listPendingForPhone, listSentBy } from '../data-access/vouch.repository';
import type { Voucher } from './create-vouch.use-case';
import { isVouchTokenShape } from './token';
import { REVOKED_MESSAGE, toPublicVouchDto, toVouchDto, voucherNameOf, type VouchRecord } from './vouch';

/** Voucher names for a list of vouches, in one read of the members. */
async function withVoucherNames(db: Database, vouches: VouchRecord[]): Promise<Vouch[]> {
  const members = await getMembers(db, vouches.map((v) => v.voucherId));
  const names = new Map(members.map((m) => [m.id, m.name]));
  return vouches.map((v) => toVouchDto(v, voucherNameOf(names, v.voucherId)));
}

/** GET /api/vouches/my: every vouch I sent, newest first. */
export async function vouchesSentBy(db: Database, memberId: number): Promise<Vouch[]> {
  // Every vouch listed is the member's own: their name is read beside the list, not after it.
  const [vouches, me] = await Promise.all([listSentBy(db, memberId), getMember(db, memberId)]);
  const name = voucherNameOf(new Map(me ? [[me.id, me.name]] : []), memberId);
  return vouches.map((v) => toVouchDto(v, name));
}

/** GET /api/vouches/pending-for-me: pending, unexpired vouches to my phone, newest first. */
export async function vouchesPendingFor(db: Database, member: Voucher, now: Date): Promise<Vouch[]> {
  const pending = await listPendingForPhone(db, member.phone, now);
  return withVoucherNames(db, pending.filter((v) => v.voucherId !== member.memberId));
}

/** GET /api/vouches/received: vouches I accepted, most recent first. */
export async function vouchesReceivedBy(db: Database, memberId: number): Promise<Vouch[]> {
  return withVoucherNames(db, await listAcceptedBy(db, memberId));
}

/**
 * GET /api/vouches/public/:vouchToken: anyone with the link; the recipient phone is masked.
 * A vouch its voucher revoked answers 410 "This Vouch was removed by its sender."
 */
export async function publicVouch(db: Database, token: string): Promise<Vouch> {
  const vouch = isVouchTokenShape(token) ? await findVouchByToken(db, token) : null;
  if (!vouch) throw problems.notFound(VOUCH_MESSAGES.notFound);
  if (vouch.status === 'revoked') throw problems.gone(REVOKED_MESSAGE);
  const names = new Map((await getMembers(db, [vouch.voucherId])).map((m) => [m.id, m.name]));
  return toPublicVouchDto(vouch, voucherNameOf(names, vouch.voucherId));
}
