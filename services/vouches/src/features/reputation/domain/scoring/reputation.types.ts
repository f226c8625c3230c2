/**
 * The reputation model's input and output. The input is a plain snapshot the services can
 * build with a few indexed queries (members, accepted vouches, one GROUP BY over
 * introductions); the output carries the SPEC §3 field names of the member row, so a
 * caller copies them into `updateMemberStats` as they are. See docs/reputation.md.
 */
import type { ReputationLevel } from '@vouch/contracts';

/** An instant as the database driver hands it over: a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

export interface ReputationMemberInput {
  id: number;
  createdAt: Instant;
  /** Pre-trusted by the operator (e.g. founders, verified staff): always in the seed set. */
  isSeed?: boolean;
}

export type VouchType = 'recommendation' | 'invite';

/**
 * An accepted vouch. Only accepted vouches count: a row whose `status` is present and is not
 * 'accepted', or that has no `acceptedAt`, is ignored, so a snapshot built by a careless query
 * cannot leak pending or rejected vouches into the scores.
 */
export interface AcceptedVouchInput {
  voucherId: number;
  recipientId: number;
  type: VouchType;
  acceptedAt: Instant | null;
  status?: string;
}

/**
 * What the introductions service knows about one member (one GROUP BY). Missing members
 * count as all zeros; several rows for one member are added up.
 */
export interface IntroductionFactsInput {
  memberId: number;
  /** Introduction requests the member created (they spend social capital). */
  requestsMade: number;
  /** Suggestions the member made for other members' requests (of someone, or of themselves) that
   *  the requester accepted. Suggestions not (yet) accepted earn nothing, so they are not asked for. */
  suggestionsAccepted: number;
  /** Introductions the member took part in that completed: as requester or as accepted suggester. */
  introductionsCompleted: number;
}

export interface ReputationSnapshot {
  members: readonly ReputationMemberInput[];
  vouches: readonly AcceptedVouchInput[];
  introductions?: readonly IntroductionFactsInput[];
  /** The moment the scores are computed for (ages are measured to it). Defaults to the latest
   *  instant in the snapshot, so the same snapshot always gives the same scores. */
  asOf?: Instant;
}

export interface ReputationOptions {
  /** Probability of following a vouch rather than jumping back to the seeds. */
  damping: number;
  /** Stop when the L1 change of the trust vector falls below this. */
  tolerance: number;
  maxIterations: number;
  /** A voucher's trust is split into at least this many shares (in type-weight units): one
   *  vouch passes at most 1/minimumSplit of it; the rest of a small split returns to the seeds. */
  minimumSplit: number;
  /** The earliest members (by createdAt, then id) that seed trust. */
  genesisSize: number;
  /** A member becomes established (a seed) when this many distinct established members vouched for them… */
  establishedMinVouchers: number;
  /** …their account is at least this old… */
  establishedMinAgeDays: number;
  /** …and trust propagated from the flagged and genesis seeds alone gives them at least this
   *  fraction of a typical seed's received trust. */
  establishedMinTrust: number;
  /** Relative weight of each vouch type within a voucher's split of their trust. */
  typeWeights: Readonly<Record<VouchType, number>>;
  /** The most one vouch adds to its recipient's relative trust (1 = a typical established
   *  member's received trust): what any single vouch can do to a score is bounded. */
  maxVouchShare: number;
}

export type { ReputationLevel };

export interface MemberReputation {
  memberId: number;
  /** Headline score, 0–100: trust, lifted by up to a fifth for connecting and introducing. */
  reputationScore: number;
  /** 0–100: accepted vouches received, each worth its voucher's trust. */
  vouchScore: number;
  /** 0–100: people the member vouched for (accepted) and suggestions accepted, scaled by the member's trust. */
  connectorScore: number;
  /** 0–100: accepted suggestions and completed introductions, scaled by the member's trust. */
  introductionScore: number;
  /** Integer: earned by accepted vouches given, accepted suggestions and completed introductions
   *  (in proportion to trust), spent by introduction requests. May be negative. */
  socialCapitalBalance: number;
  level: ReputationLevel;
  /** 0–100: trust received through accepted vouches, relative to a typical established member. */
  trustScore: number;
  /** Stationary probability of the personalised PageRank; sums to 1 over all members. */
  rawTrust: number;
  /** In the seed set (flagged, genesis or established by vouches). */
  established: boolean;
  /** Raw trust one vouch of type weight 1 from this member passes to its recipient
   *  (d · t / max(W, K)); divided by the result's `trustReference` and capped at `maxVouchShare`,
   *  it is what that vouch adds to the recipient's relative trust (the score explanation). */
  vouchPass: number;
}

export interface ReputationResult {
  /** One entry per member, ordered by memberId. */
  members: MemberReputation[];
  iterations: number;
  converged: boolean;
  seedCount: number;
  asOf: Date;
  /** A typical established member's received trust (the median over the seeds): relative trust 1. */
  trustReference: number;
  /** The two propagations' trust vectors, for a later run to start from (computeReputation's `start`). */
  vectors: TrustVectors;
}

/** Trust per member, as the propagations left it: `base` from the initial seeds, `trust` from the established set. */
export interface TrustVectors {
  /** Member ids, ascending: the vectors' layout. */
  ids: Float64Array;
  base: Float64Array;
  trust: Float64Array;
}
