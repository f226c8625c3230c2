import { getMember, getMembers } from '@vouch/service-auth';
import { problems, type Cursor, type Database, type PageRequest } from '@vouch/service-core';
import { isVouchTokenShape, VOUCH_MESSAGES, type PublicVouchState, type Vouch, type VouchType } from '@vouch/contracts';
import { findVouchById, findVouchByToken, listAcceptedBy, listChangedSince, listPendingForPhone, listSentBy, type VouchOwner } from '../data-access/vouch.repository';
import type { SignedInMember } from './vouches-deps';
import { REVOKED_MESSAGE, toPublicVouchDto, toVouchDto, voucherNameOf, type VouchRecord } from './vouch';

/** Voucher names for a list of vouches, in one read of the members. */
async function withVoucherNames(db: Database, vouches: VouchRecord[]): Promise<Vouch[]> {
  const members = await getMembers(db, vouches.map((v) => v.voucherId));
  const names = new Map(members.map((m) => [m.id, m.name]));
  return vouches.map((v) => toVouchDto(v, voucherNameOf(names, v.voucherId)));
}

/** Where the next page starts after `vouch`, in a list ordered by creation (or acceptance). */
export const vouchCursor = (vouch: Vouch): Cursor => ({ at: vouch.createdAt, id: vouch.id });
export const acceptedVouchCursor = (vouch: Vouch): Cursor => ({ at: vouch.acceptedAt, id: vouch.id });

/** GET /api/vouches/my: the vouches I sent, newest first (one page: limit + 1 rows). */
export async function vouchesSentBy(db: Database, memberId: number, page?: PageRequest): Promise<Vouch[]> {
  // Every vouch listed is the member's own: their name is read beside the list, not after it.
  const [vouches, me] = await Promise.all([listSentBy(db, memberId, page), getMember(db, memberId)]);
  const name = voucherNameOf(new Map(me ? [[me.id, me.name]] : []), memberId);
  return vouches.map((v) => toVouchDto(v, name));
}

/** GET /api/vouches/pending-for-me: pending, unexpired vouches to my phone, newest first. */
export async function vouchesPendingFor(db: Database, member: SignedInMember, now: Date, page?: PageRequest): Promise<Vouch[]> {
  return withVoucherNames(db, await listPendingForPhone(db, member.phone, now, page, member.memberId));
}

/** GET /api/vouches/received: vouches I accepted, most recent first. */
export async function vouchesReceivedBy(db: Database, memberId: number, page?: PageRequest): Promise<Vouch[]> {
  return withVoucherNames(db, await listAcceptedBy(db, memberId, page));
}

/** Who vouched for whom: the first screen of /vouch/:vouchToken, sent in the page's HTML. */
export interface PublicVouchPreview {
  type: VouchType;
  voucherName: string;
  recipientName: string;
}

/**
 * The first screen of a vouch link's page; null for an unknown or malformed token (the page then
 * answers 404); 'removed' for a revoked one, whose page is an expected state (it says so), not a
 * missing page. Reads only.
 */
export async function publicVouchPreview(db: Database, token: string): Promise<PublicVouchPreview | 'removed' | null> {
  const vouch = isVouchTokenShape(token) ? await findVouchByToken(db, token) : null;
  if (!vouch) return null;
  if (vouch.status === 'revoked') return 'removed';
  const voucher = await getMember(db, vouch.voucherId);
  return { type: vouch.type, voucherName: voucherNameOf(new Map(voucher ? [[voucher.id, voucher.name]] : []), vouch.voucherId), recipientName: vouch.recipientName };
}

/**
 * GET /api/vouches/public/:vouchToken: anyone with the link; the recipient phone is masked.
 * A vouch its voucher revoked answers 410 "This Vouch was removed by its sender."
 */
export async function publicVouch(db: Database, vouchToken: string): Promise<Vouch>;
export async function publicVouch(db: Database, vouchToken: string, states: boolean): Promise<PublicVouchState>;
/** With `states` (`?states=true`): a revoked vouch is a 200 `{ removed: true, detail }`, not a 410 (issue 28); nothing else of it is shown. */
export async function publicVouch(db: Database, vouchToken: string, states = false): Promise<PublicVouchState> {
  const vouch = isVouchTokenShape(vouchToken) ? await findVouchByToken(db, vouchToken) : null;
  if (!vouch) throw problems.notFound(VOUCH_MESSAGES.notFound);
  if (vouch.status === 'revoked') {
    if (states) return { removed: true, detail: REVOKED_MESSAGE };
    throw problems.gone(REVOKED_MESSAGE, 'VOUCH_REVOKED');
  }
  const names = new Map((await getMembers(db, [vouch.voucherId])).map((m) => [m.id, m.name]));
  return toPublicVouchDto(vouch, voucherNameOf(names, vouch.voucherId));
}

/**
 * The recipient a vouch link was sent to ({ phone E.164, name }), so auth can sign them in
 * through the link (the gateway passes it to createAuthService as `vouchRecipient`). Null for
 * an unknown, malformed or revoked token. Answered and expired vouches still name their recipient: signing in is harmless,
 * answering them is refused by the vouch rules.
 */
export async function vouchRecipientByToken(db: Database, vouchToken: string): Promise<{ phone: string; name: string } | null> {
  if (!isVouchTokenShape(vouchToken)) return null;
  const vouch = await findVouchByToken(db, vouchToken);
  if (!vouch || vouch.status === 'revoked') return null;
  return { phone: vouch.recipientPhone, name: vouch.recipientName };
}

/** Which list a sync follows: GET /api/vouches/my, /received or /pending-for-me. */
export type SyncedVouchList = 'sent' | 'received' | 'to-my-phone';

/**
 * `?updated_since=` of a vouch list: the member's vouches of that list changed at or after
 * `since`, oldest change first, in every state (a revoked vouch comes with status revoked, an
 * answered one with its answer), so an app's copy follows the server's.
 */
export async function vouchesChangedSince(db: Database, member: SignedInMember, list: SyncedVouchList, since: Date, page: PageRequest): Promise<Vouch[]> {
  const owner: VouchOwner =
    list === 'sent' ? { voucherId: member.memberId } : list === 'received' ? { recipientId: member.memberId } : { recipientPhone: member.phone, exceptVoucherId: member.memberId };
  return withVoucherNames(db, await listChangedSince(db, owner, since, page));
}

/**
 * GET /api/vouches/:id: a vouch its voucher or its recipient (by member, or by phone while it
 * waits for them) may read, in any state. Anyone else gets the 404 of an unknown id, so ids
 * say nothing about who vouched for whom.
 */
export async function vouchForMember(db: Database, member: SignedInMember, id: number | null): Promise<Vouch> {
  const vouch = id === null ? null : await findVouchById(db, id);
  const party = vouch && (vouch.voucherId === member.memberId || vouch.recipientId === member.memberId || vouch.recipientPhone === member.phone);
  if (!vouch || !party) throw problems.notFound(VOUCH_MESSAGES.notFound);
  const [withName] = await withVoucherNames(db, [vouch]);
  return withName!;
}
