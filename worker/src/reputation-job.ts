// The reputation run as the worker does it: the model over the whole network, with the
// introduction facts passed in explicitly (vouches computes, introductions knows them).
import type { Database } from '@vouch/service-core';
import { introductionFacts } from '@vouch/service-introductions';
import { reputationIdle, runWantedReputation, type RecomputeOptions, type RecomputeResult, type ReputationMemory } from '@vouch/service-vouches/worker';

/** What the model is given besides the vouches: every member's introduction facts. */
export function reputationInputs(db: Database): RecomputeOptions {
  return { introductionFacts: () => introductionFacts(db) };
}

/**
 * One wanted run, if this holder gets the lease (see runWantedReputation). With `memory` (the
 * worker's, kept for its lifetime) the run applies what changed since this worker's last run
 * when it can (docs/scaling.md "Incremental work").
 */
export function runReputationJob(db: Database, holder: string, leaseMs: number, memory?: ReputationMemory): Promise<RecomputeResult | null> {
  return runWantedReputation(db, { ...reputationInputs(db), holder, leaseMs, memory });
}

/**
 * Runs every wanted reputation run in this process, now, exactly as the worker would (the
 * introduction facts included); resolves once none is wanted. For the seed and tests, which
 * need the scores before going on.
 */
export function settleReputation(db: Database): Promise<void> {
  return reputationIdle(db, reputationInputs(db));
}
