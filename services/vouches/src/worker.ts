// The vouches service's entry for the worker process (`@vouch/service-vouches/worker`): the
// whole-network reputation run, the incremental memory the worker keeps between runs, and the
// run bookkeeping (wanted, lease, done) in `reputation_runs`. Request-serving code never imports
// it (a lint rule): a request only asks for a run (`requestReputationRecompute`, on the public
// entry) and reads the scores the worker wrote. Tests, benches and the seed use it to settle scores.
export { recomputeReputation, recomputeWithMemory } from './domain/reputation-recompute';
export type { IntroductionFactsProvider, RecomputeOptions, RecomputeResult } from './domain/reputation-recompute';
export type { IntroductionFactsInput } from './domain/reputation';
export { ReputationMemory, FULL_RUN_POLICY } from './domain/reputation-memory';
export type { FullRunPolicy } from './domain/reputation-memory';
export { primeReputationMemory, reputationIdle, reputationRunState, runWanted, runWantedReputation, DEFAULT_LEASE_MS } from './domain/reputation-schedule';
export type { ReputationRunState, WantedRunOptions } from './domain/reputation-schedule';
export { backfillPeopleSearch } from './domain/people-search';
