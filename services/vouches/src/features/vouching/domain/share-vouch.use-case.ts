import { problems, routeId } from '@vouch/service-core';
import { VOUCH_MESSAGES } from '@vouch/contracts';
import { findVouchById, markPendingVouchShared } from '../../../data-access/vouch.repository';
import type { SignedInMember, VouchesDeps } from '../../../domain/vouches-deps';
import { revocationRefusal } from './revocation';
import { isExpired } from '../../../domain/vouch';
import { recordVouchChanges } from '../../../domain/vouch-sync';

/**
 * POST /api/vouches/:id/shared (issue 16): the voucher copied or texted a pending vouch's link
 * again; My Vouches → Sent then says when. Only the voucher (404 otherwise, as for revoking),
 * only while it is pending (409) and unexpired (410: the link would lead nowhere).
 * One conditional UPDATE (and the sync log's record of it); if the recipient answered meanwhile, the re-read says so.
 */
export async function recordVouchShared(deps: VouchesDeps, member: SignedInMember, rawId: string): Promise<{ id: number; lastSharedAt: string }> {
  const { db } = deps;
  const id = routeId(rawId);
  if (id === null) throw problems.notFound(VOUCH_MESSAGES.notFound);
  const vouch = await findVouchById(db, id);
  const refused = revocationRefusal(vouch, member.memberId, 'shared');
  if (refused || !vouch) throw refused ?? problems.notFound(VOUCH_MESSAGES.notFound);
  const now = deps.clock();
  if (isExpired(vouch, now)) throw problems.gone(VOUCH_MESSAGES.expired, 'VOUCH_EXPIRED');
  const shared = await db.transaction(async (t) => {
    if (!(await markPendingVouchShared(db, t, { id, voucherId: member.memberId, now }))) return false;
    recordVouchChanges(db, t, [vouch]);
    return true;
  });
  if (!shared) {
    throw revocationRefusal(await findVouchById(db, id), member.memberId, 'shared') ?? problems.conflict('This Vouch has already been answered.', 'ALREADY_RESPONDED');
  }
  return { id, lastSharedAt: now.toISOString() };
}
