import { problems, routeId } from '@vouch/service-core';
import { VOUCH_MESSAGES } from '@vouch/contracts';
import { findVouchById, revokePendingVouch } from '../../../data-access/vouch.repository';
import { tellVouchRevoked } from '../../../domain/vouch-notices';
import { recordVouchChanges } from '../../../domain/vouch-sync';
import type { SignedInMember, VouchesDeps } from '../../../domain/vouches-deps';
import { revocationRefusal } from './revocation';

/**
 * POST /api/vouches/:id/revoke: the voucher withdraws a pending vouch. It leaves the
 * recipient's pending list and the voucher's Sent list, its public page answers 410 "This Vouch
 * was removed by its sender.", and the voucher may send a new one to the same phone.
 *
 * The monthly allowance is NOT given back: the vouch was sent (its link may already have been
 * texted), and returning it would let create-and-revoke cycles send links past the plan limit.
 *
 * Race-safe: one conditional UPDATE (still pending, same voucher); if the recipient answered
 * first, the re-read says so (409).
 */
export async function revokeVouch(deps: VouchesDeps, member: SignedInMember, rawId: string): Promise<{ id: number; status: 'revoked' }> {
  const { db } = deps;
  const id = routeId(rawId);
  if (id === null) throw problems.notFound(VOUCH_MESSAGES.notFound);
  const refused = revocationRefusal(await findVouchById(db, id), member.memberId);
  if (refused) throw refused;
  const now = deps.clock();
  await db.transaction(async (t) => {
    if (!(await revokePendingVouch(db, t, { id, voucherId: member.memberId, now }))) {
      throw revocationRefusal(await findVouchById(db, id, t), member.memberId) ?? problems.conflict('This Vouch has already been answered.', 'ALREADY_RESPONDED');
    }
    const vouch = await findVouchById(db, id, t);
    if (vouch) {
      recordVouchChanges(db, t, [vouch]);
      await tellVouchRevoked(db, t, { ...vouch, voucherId: member.memberId }, now);
    }
  });
  return { id, status: 'revoked' };
}
