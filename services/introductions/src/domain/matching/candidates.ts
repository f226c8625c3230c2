/**
 * What matching reads and answers: the candidates within reach with their accepted vouches, the
 * request as a query, and a match as shown. The vouch fields are the skill index's.
 */
import type { ConfidenceLevel, MatchTier } from '@vouch/contracts';
import { SKILL_FIELDS } from '@vouch/service-vouches/skill-index';
import type { VouchText } from '@vouch/service-vouches';

export const VOUCH_FIELDS = SKILL_FIELDS;
export type VouchField = (typeof VOUCH_FIELDS)[number];

/** One accepted vouch the candidate received. */
export interface CandidateVouch extends VouchText {
  vouchId: number;
  voucherId: number;
  voucherName: string;
  /** The voucher's degree from the member asking (0: the asking member; null: further than 3°). */
  voucherDegree: number | null;
}

/** Who is scored: a member within reach. */
export interface MatchCandidate {
  memberId: number;
  /** Degree from the member asking, 1–3. */
  degree: number;
  /** Reputation 0–100 (the vouches service's model). */
  reputationScore: number;
}

/** A candidate as shown: with their name and accepted vouches (describeMatch, rankMatches). */
export interface Candidate extends MatchCandidate {
  name: string;
  vouches: readonly CandidateVouch[];
}

export interface MatchQuery {
  desiredSkills: string;
  requestType?: string | null;
  reason?: string | null;
  context?: string | null;
}

export interface ScoreParts {
  /** Mean over desired skills of the best field weight where a vouch names the skill (0–1). */
  coverage: number;
  /** Field-weighted BM25 of the candidate relative to the best candidate of this run (0–1). */
  bm25: number;
  /** Mean over desired skills of min(1, independent vouchers / 3) (0–1). */
  corroboration: number;
  /** 1° 1, 2° 0.6, 3° 0.3. */
  proximity: number;
  /** reputationScore / 100. */
  reputation: number;
}

export interface RankedMatch {
  memberId: number;
  name: string;
  degree: number;
  relevanceScore: number;
  tier: MatchTier;
  matchingFactors: string[];
  aiAnalysis: string;
  confidenceLevel: ConfidenceLevel;
  parts: ScoreParts;
}
