import { problems, type Database } from '@vouch/service-core';
import { getMember, getMembers } from '@vouch/service-auth';
import type { ReputationExplanation } from '@vouch/contracts';
import { explanationRows, readTrustReference } from '../data-access/reputation-explanation.repository';
import { listAcceptedBy } from '../../../data-access/vouch.repository';
import { explainScore, type ReceivedVouch } from './reputation-explanation';
import { FORMER_MEMBER_ID } from '../../../domain/vouch';

/**
 * GET /api/profile/my-reputation: what makes up my reputation score and what moved it last. A few
 * indexed reads (my accepted vouches, my vouchers' rows, the run's scale); nothing is computed
 * over the network. A vouch from a former member counts in the score but cannot be named: it is
 * left out here.
 */
export async function myReputationExplanation(db: Database, memberId: number): Promise<ReputationExplanation> {
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  const accepted = (await listAcceptedBy(db, memberId)).filter((v) => v.voucherId !== FORMER_MEMBER_ID && v.acceptedAt);
  const voucherIds = [...new Set(accepted.map((v) => v.voucherId))];
  const [vouchers, rows, trustReference] = await Promise.all([getMembers(db, voucherIds), explanationRows(db, [memberId, ...voucherIds]), readTrustReference(db)]);
  const byId = new Map(vouchers.map((v) => [v.id, v]));
  const vouches: ReceivedVouch[] = accepted.flatMap((v) => {
    const voucher = byId.get(v.voucherId);
    if (!voucher) return [];
    return [{ voucherId: v.voucherId, voucherName: voucher.name, trustedBy: voucher.vouchesReceived, type: v.type, acceptedAt: v.acceptedAt!, vouchPass: rows.get(v.voucherId)?.vouchPass ?? 0 }];
  });
  return explainScore({
    reputationScore: member.reputationScore,
    connectorScore: member.connectorScore,
    introductionScore: member.introductionScore,
    vouches,
    trustReference,
    record: rows.get(memberId) ?? null,
  });
}
