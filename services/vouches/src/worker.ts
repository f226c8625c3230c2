// The vouches service's entry for the worker process (`@vouch/service-vouches/worker`): the
// whole-network reputation run, the incremental memory the worker keeps between runs, and the
// run bookkeeping (wanted, lease, done) in `reputation_runs`. Request-serving code never imports
// it (a lint rule): a request only asks for a run (`requestReputationRecompute`, on the public
// entry) and reads the scores the worker wrote. Tests, benches and the seed use it to settle scores.
export { recomputeReputation, recomputeWithMemory, ReputationMemory, FULL_RUN_POLICY, primeReputationMemory, reputationIdle, reputationRunState, runWanted, runWantedReputation, DEFAULT_LEASE_MS } from './features/reputation';
export type { IntroductionFactsProvider, RecomputeOptions, RecomputeResult, IntroductionFactsInput, FullRunPolicy, ReputationRunState, WantedRunOptions } from './features/reputation';
export { backfillPeopleSearch } from './features/people-search';
