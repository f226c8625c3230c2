// Reputation: each member's score from the graph of accepted vouches, its explanation, and the
// runs the worker makes (wanted, lease, done). A request only asks for a run
// (requestReputationRecompute) and reads what the worker wrote; the whole-network run and its
// memory are for the worker (the service's ./worker entry). The feature's public surface: other
// features and the service's composition import this file, never the ones behind it.
export { requestReputationRecompute } from './domain/reputation-schedule';
export { myReputationExplanation } from './domain/reputation-explanation.use-case';
export { ONBOARDING_VOUCH_THRESHOLD, recomputeReputation, recomputeWithMemory } from './domain/reputation-recompute';
export type { IntroductionFactsProvider, RecomputeOptions, RecomputeResult } from './domain/reputation-recompute';
export type { IntroductionFactsInput } from './domain/scoring';
export { ReputationMemory, FULL_RUN_POLICY } from './domain/reputation-memory';
export type { FullRunPolicy } from './domain/reputation-memory';
export { primeReputationMemory, reputationIdle, reputationRunState, runWanted, runWantedReputation, DEFAULT_LEASE_MS } from './domain/reputation-schedule';
export type { ReputationRunState, WantedRunOptions } from './domain/reputation-schedule';
