import { problems, type Problem } from '@vouch/service-core';
import { VOUCH_MESSAGES } from '@vouch/contracts';
import type { VouchRecord } from '../../../domain/vouch';

/**
 * Why `memberId` may not revoke (or share, issue 16) `vouch`, or null when they may (issue 10,
 * SPEC §4 spirit): only the voucher, and only while it is pending. Someone else's vouch, or
 * none, is a 404 (it tells a stranger nothing); an answered or already revoked vouch is a 409
 * saying why. An expired vouch that was never answered is still pending and may be revoked:
 * its public page then says it was removed rather than expired.
 */
export function revocationRefusal(vouch: Pick<VouchRecord, 'voucherId' | 'status'> | null, memberId: number, action: 'revoked' | 'shared' = 'revoked'): Problem | null {
  if (!vouch || vouch.voucherId !== memberId) return problems.notFound(VOUCH_MESSAGES.notFound);
  if (vouch.status === 'revoked') return problems.conflict('This Vouch has already been revoked.', 'VOUCH_ALREADY_REVOKED');
  if (vouch.status !== 'pending') return problems.conflict(`This Vouch has already been ${vouch.status}: only a pending Vouch can be ${action}.`, 'ALREADY_RESPONDED');
  return null;
}

