/**
 * What moved a member's score (issue 44 item 5, docs/reputation.md "Why this score"). Pure: the
 * run records each member's vouch pass and when their shown score last moved
 * (`explanationUpdates`); a read turns the member's vouches into points (`explainScore`).
 */
import { reputationOutOf100, type ReputationExplanation, type VouchType } from '@vouch/contracts';
import { DEFAULT_REPUTATION_OPTIONS } from './scoring';
import { trustScoreFromRelative } from './scoring/scores';
import type { ExplanationRow } from '../data-access/reputation-explanation.repository';

/** Contributions listed one by one; the rest are summed. */
export const EXPLAINED_VOUCHES = 5;

/** The raw pass as stored: 4 significant digits, so a run rewrites a row only where trust moved. */
export function storedPass(pass: number): number {
  return pass > 0 && Number.isFinite(pass) ? Number(pass.toPrecision(4)) : 0;
}

/** One scored member as the run sees it: the score before and after, and the pass the model gives. */
export interface ScoredMember {
  memberId: number;
  scoreBefore: number;
  scoreAfter: number;
  vouchPass: number;
}

/**
 * The explanation rows a run must write: a member's pass when it changed (as stored), and, when
 * the score as shown (a whole number) moved, the score it moved from and when. Rows that would
 * not change are left out: most of a run's 0.1 moves change nothing shown.
 */
export function explanationUpdates(previous: ReadonlyMap<number, ExplanationRow>, scored: readonly ScoredMember[], now: Date): ExplanationRow[] {
  const rows: ExplanationRow[] = [];
  for (const member of scored) {
    const old = previous.get(member.memberId);
    const vouchPass = storedPass(member.vouchPass);
    const moved = reputationOutOf100(member.scoreBefore) !== reputationOutOf100(member.scoreAfter);
    if (!moved && old && old.vouchPass === vouchPass) continue;
    if (!moved && !old && vouchPass === 0) continue;
    rows.push(
      moved
        ? { memberId: member.memberId, vouchPass, previousScore: member.scoreBefore, changedAt: now, previousChangedAt: old?.changedAt ?? null }
        : { ...(old ?? { memberId: member.memberId, previousScore: null, changedAt: null, previousChangedAt: null }), vouchPass },
    );
  }
  return rows;
}

/** The largest rise of trustScore one vouch can cause directly: max over x of f(x + cap) − f(x). */
export function singleVouchBound(cap: number = DEFAULT_REPUTATION_OPTIONS.maxVouchShare): number {
  let worst = 0;
  for (let x = 0; x <= 4; x += 0.001) worst = Math.max(worst, trustScoreFromRelative(x + cap) - trustScoreFromRelative(x));
  return worst;
}

/** An accepted vouch the member received, with what the read knows about its voucher. */
export interface ReceivedVouch {
  voucherId: number;
  voucherName: string;
  /** Accepted vouches the voucher received ("trusted by 31"). */
  trustedBy: number;
  type: VouchType;
  acceptedAt: Date;
  /** The voucher's stored pass (0 when the run has not scored them yet). */
  vouchPass: number;
}

export interface ExplainInput {
  reputationScore: number;
  connectorScore: number;
  introductionScore: number;
  vouches: readonly ReceivedVouch[];
  /** reputation_runs.trust_reference; null before the first run. */
  trustReference: number | null;
  record: Pick<ExplanationRow, 'previousScore' | 'changedAt' | 'previousChangedAt'> | null;
}

const round = (points: number) => Math.round(points);
/** Relative trust from a trust score: the inverse of 100 · x² / (x² + 1). */
const relativeOf = (trustScore: number) => Math.sqrt(Math.min(trustScore, 99.9) / (100 - Math.min(trustScore, 99.9)));

/**
 * The member's score split into what each vouch adds (its capped share of their trust, as the
 * model counts it) and the lift from helping others, and their last change: the vouches accepted
 * since the change before it, each with what it added, and the rest, which came from changes
 * elsewhere in the network (scores are relative to a typical established member).
 */
export function explainScore(input: ExplainInput): ReputationExplanation {
  const { maxVouchShare, typeWeights } = DEFAULT_REPUTATION_OPTIONS;
  const score = input.reputationScore;
  // reputationScore = trustScore · m, m = 0.8 + 0.2 · activity / 100 (docs/reputation.md).
  const multiplier = 0.8 + (0.2 * (input.connectorScore + input.introductionScore)) / 200;
  const trustScore = score / multiplier;
  const fromHelping = score - 0.8 * trustScore;
  const fromVouches = score - fromHelping;

  // One entry per voucher, with the larger type weight (as the model counts a pair once).
  const byVoucher = new Map<number, ReceivedVouch & { share: number }>();
  const reference = input.trustReference ?? 0;
  for (const vouch of input.vouches) {
    const share = reference > 0 ? Math.min((vouch.vouchPass * typeWeights[vouch.type]) / reference, maxVouchShare) : 0;
    const held = byVoucher.get(vouch.voucherId);
    if (!held || share > held.share) byVoucher.set(vouch.voucherId, { ...vouch, acceptedAt: held && held.acceptedAt < vouch.acceptedAt ? held.acceptedAt : vouch.acceptedAt, share });
  }
  const vouches = [...byVoucher.values()].sort((a, b) => b.share - a.share || a.voucherId - b.voucherId);
  const total = vouches.reduce((sum, v) => sum + v.share, 0);
  const pointsOf = (share: number) => (total > 0 ? (fromVouches * share) / total : 0);
  const listed = vouches.slice(0, EXPLAINED_VOUCHES);
  const others = vouches.slice(EXPLAINED_VOUCHES);

  return {
    score: reputationOutOf100(score),
    fromVouches: round(fromVouches),
    fromHelping: round(fromHelping),
    vouches: listed.map((v) => ({ voucherId: v.voucherId, voucherName: v.voucherName, trustedBy: v.trustedBy, type: v.type, points: round(pointsOf(v.share)) })),
    otherVouches: { count: others.length, points: round(others.reduce((sum, v) => sum + pointsOf(v.share), 0)) },
    maxVouchPoints: round(singleVouchBound(maxVouchShare)),
    lastChange: lastChange(input, vouches, total, multiplier, trustScore),
  };
}

function lastChange(input: ExplainInput, vouches: readonly (ReceivedVouch & { share: number })[], total: number, multiplier: number, trustScore: number): ReputationExplanation['lastChange'] {
  const record = input.record;
  if (!record || record.previousScore === null || !record.changedAt) return null;
  const from = reputationOutOf100(record.previousScore);
  const to = reputationOutOf100(input.reputationScore);
  const since = record.previousChangedAt?.getTime() ?? -Infinity;
  const until = record.changedAt.getTime();
  const fresh = vouches.filter((v) => v.acceptedAt.getTime() > since && v.acceptedAt.getTime() <= until);
  // What the new vouches add now: the score without them, on the model's own trust scale.
  const x = relativeOf(trustScore);
  const scale = total > 0 ? x / total : 0;
  const freshShare = fresh.reduce((sum, v) => sum + v.share, 0) * scale;
  const added = multiplier * (trustScoreFromRelative(x) - trustScoreFromRelative(Math.max(0, x - freshShare)));
  const freshPoints = fresh.map((v) => ({ voucherId: v.voucherId, voucherName: v.voucherName, trustedBy: v.trustedBy, type: v.type, points: round(freshShare > 0 ? (added * v.share * scale) / freshShare : 0) }));
  const listedTotal = freshPoints.reduce((sum, v) => sum + v.points, 0);
  return { from, to, changedAt: record.changedAt.toISOString(), vouches: freshPoints, network: to - from - listedTotal };
}
