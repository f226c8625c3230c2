import { getMember, getMembers } from '@vouch/service-auth';
import { memberAudience, phoneAudience, problems, removalOf, removalProblem, type Cursor, type Database, type PageRequest, type SyncedList } from '@vouch/service-core';
import { isVouchTokenShape, VOUCH_MESSAGES, type PublicVouchState, type Vouch, type VouchType } from '@vouch/contracts';
import { findVouchById, findVouchByToken, listAcceptedBy, listChangedSince, listOwnedAfterId, listOwnedByIds, listPendingForPhone, listSentBy, type VouchOwner } from '../../../data-access/vouch.repository';
import type { SignedInMember } from '../../../domain/vouches-deps';
import { namedMemberIds, recipientNameOf, REVOKED_MESSAGE, toPublicVouchDto, toVouchDto, voucherNameOf, type VouchRecord } from '../../../domain/vouch';
import { VOUCH_SYNC_LISTS, type SyncedVouchList } from '../../../domain/vouch-sync';

/** Voucher and recipient names for a list of vouches, in one read of the members. */
async function withVoucherNames(db: Database, vouches: VouchRecord[]): Promise<Vouch[]> {
  const members = await getMembers(db, namedMemberIds(vouches));
  const names = new Map(members.map((m) => [m.id, m.name]));
  return vouches.map((v) => toVouchDto(v, voucherNameOf(names, v.voucherId), recipientNameOf(names, v)));
}

/** Where the next page starts after `vouch`, in a list ordered by creation (or acceptance). */
export const vouchCursor = (vouch: Vouch): Cursor => ({ at: vouch.createdAt, id: vouch.id });
export const acceptedVouchCursor = (vouch: Vouch): Cursor => ({ at: vouch.acceptedAt, id: vouch.id });

/** GET /api/vouches/my: the vouches I sent, newest first (one page: limit + 1 rows). */
export async function vouchesSentBy(db: Database, memberId: number, page?: PageRequest): Promise<Vouch[]> {
  // Every vouch listed is the member's own: their name is read beside the list, not after it;
  // the recipients who answered are named as they now call themselves (issue 44).
  const [vouches, me] = await Promise.all([listSentBy(db, memberId, page), getMember(db, memberId)]);
  const name = voucherNameOf(new Map(me ? [[me.id, me.name]] : []), memberId);
  const recipientIds = namedMemberIds(vouches).filter((id) => id !== memberId);
  const recipients = new Map((recipientIds.length ? await getMembers(db, recipientIds) : []).map((m) => [m.id, m.name]));
  return vouches.map((v) => toVouchDto(v, name, recipientNameOf(recipients, v)));
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
  const names = new Map((await getMembers(db, namedMemberIds([vouch]))).map((m) => [m.id, m.name]));
  return { type: vouch.type, voucherName: voucherNameOf(names, vouch.voucherId), recipientName: recipientNameOf(names, vouch) };
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
  const names = new Map((await getMembers(db, namedMemberIds([vouch]))).map((m) => [m.id, m.name]));
  return toPublicVouchDto(vouch, voucherNameOf(names, vouch.voucherId), recipientNameOf(names, vouch));
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

/** Whose vouches a list holds: the ones I sent, the ones I answered, the ones sent to my phone (not by me). */
function ownerOf(member: SignedInMember, list: SyncedVouchList): VouchOwner {
  if (list === 'sent') return { voucherId: member.memberId };
  if (list === 'received') return { recipientId: member.memberId };
  return { recipientPhone: member.phone, exceptVoucherId: member.memberId };
}

/**
 * `?updated_since=` of a vouch list (the web's; best effort, docs/api-versioning.md): the
 * member's vouches of that list stamped at or after `since`, oldest change first, in every state.
 * A stamp is taken before its transaction commits, so a client passing the newest it holds can
 * miss a slower writer's change. Apps sync with vouchSyncList.
 */
export async function vouchesChangedSince(db: Database, member: SignedInMember, list: SyncedVouchList, since: Date, page: PageRequest): Promise<Vouch[]> {
  return withVoucherNames(db, await listChangedSince(db, ownerOf(member, list), since, page));
}

/**
 * GET /api/vouches/my/sync, /received/sync, /pending-for-me/sync: the member's vouches of that
 * list as a synced list (services/core syncPage), in every state; a vouch that went with an
 * account comes as a removed item.
 */
export function vouchSyncList(db: Database, member: SignedInMember, list: SyncedVouchList): SyncedList<Vouch> {
  const owner = ownerOf(member, list);
  return {
    list: VOUCH_SYNC_LISTS[list],
    audience: list === 'to-my-phone' ? phoneAudience(member.phone) : memberAudience(member.memberId),
    itemsAfter: async (afterId, rows) => withVoucherNames(db, await listOwnedAfterId(db, owner, afterId, rows)),
    itemsByIds: async (ids) => withVoucherNames(db, await listOwnedByIds(db, owner, ids)),
    idOf: (vouch) => vouch.id,
  };
}

/**
 * GET /api/vouches/:id: a vouch its voucher or its recipient (by member, or by phone while it
 * waits for them) may read, in any state. Anyone else gets the 404 of an unknown id, so ids
 * say nothing about who vouched for whom. One of the member's that went when the other party
 * deleted their account is a 410 DELETED_WITH_ACCOUNT while the sync log holds its removal.
 */
export async function vouchForMember(db: Database, member: SignedInMember, id: number | null): Promise<Vouch> {
  const vouch = id === null ? null : await findVouchById(db, id);
  const party = vouch && (vouch.voucherId === member.memberId || vouch.recipientId === member.memberId || vouch.recipientPhone === member.phone);
  if (!vouch || !party) {
    // One of the member's that went with an account says so while the sync log remembers it, as their sync did.
    const removed = id === null ? null : await removalOf(db, Object.values(VOUCH_SYNC_LISTS), id, [memberAudience(member.memberId), phoneAudience(member.phone)]);
    throw removed ? removalProblem(removed) : problems.notFound(VOUCH_MESSAGES.notFound);
  }
  const [withName] = await withVoucherNames(db, [vouch]);
  return withName!;
}
