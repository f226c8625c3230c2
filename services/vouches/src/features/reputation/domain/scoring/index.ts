export { computeReputation, DEFAULT_REPUTATION_OPTIONS } from './compute-reputation';
export { percent, reputationLevel } from './scores';
export type {
  AcceptedVouchInput,
  Instant,
  IntroductionFactsInput,
  MemberReputation,
  ReputationLevel,
  ReputationMemberInput,
  ReputationOptions,
  ReputationResult,
  ReputationSnapshot,
  TrustVectors,
  VouchType,
} from './reputation.types';
