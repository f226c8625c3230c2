// When the reputation model runs. A request that moves scores (an accept, an account deletion,
// an introduction answered) only marks a run wanted: one UPDATE of one row. The worker (worker/)
// runs it off the request path, holding a lease row so that of several workers on one database
// exactly one computes, and one run covers every request made before it started (a burst).
// See docs/reputation.md "When it runs" and docs/scaling.md.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import {
  finishReputationRun,
  markReputationRequested,
  readReputationRunState,
  releaseReputationLease,
  renewReputationLease,
  takeReputationLease,
  type ReputationRunState,
} from '../data-access/reputation-runs.repository';
import type { ReputationMemory } from './reputation-memory';
import { readWholeNetwork, recomputeReputation, recomputeWithMemory, ReputationLeaseLost, type RecomputeOptions, type RecomputeResult } from './reputation-recompute';

export type { ReputationRunState };

/**
 * How long a lease lasts unless renewed: a worker that dies mid-run (killed, its machine gone) is
 * replaced after at most this. Its holder renews it every third of it while the run lasts, so a
 * live run keeps it through a two-thirds stall of its event loop or two failed renewals.
 */
export const DEFAULT_LEASE_MS = 6_000;

/**
 * Marks a reputation run wanted, without running it: the caller's response is not delayed by
 * the model. Call it in the transaction of the change that moves scores (`t`), so the change
 * cannot commit without it; or after the commit.
 */
export function requestReputationRecompute(db: Database, t?: Transaction): Promise<void> {
  return markReputationRequested(db, Date.now(), t);
}

/** What every process knows about the runs (the worker's poll, tests, operators). */
export function reputationRunState(db: Database): Promise<ReputationRunState> {
  return readReputationRunState(db);
}

/** True while a request has not been covered by a finished run. */
export function runWanted(state: ReputationRunState): boolean {
  return state.requestedSeq > state.doneSeq;
}

export interface WantedRunOptions extends RecomputeOptions {
  /** Who holds the lease (a worker's id); unique per process. */
  holder: string;
  leaseMs?: number;
  /** The worker's snapshot of the network between runs: a run applies only what changed (recomputeWithMemory). */
  memory?: ReputationMemory;
}

/**
 * Runs the reputation model once when a run is wanted and `holder` gets the lease; null when
 * no run is wanted or another process holds the lease. The run covers every request counted
 * before it read the network; a request during the run leaves a run wanted for afterwards.
 * The lease is renewed while the run lasts and freed at its end, also when it fails; a run whose
 * lease was taken over meanwhile stops before its next write and gives null.
 */
export async function runWantedReputation(db: Database, options: WantedRunOptions): Promise<RecomputeResult | null> {
  const { holder, leaseMs = DEFAULT_LEASE_MS, memory, ...recompute } = options;
  if (!runWanted(await readReputationRunState(db))) return null;
  if (!(await takeReputationLease(db, holder, Date.now(), leaseMs))) return null;
  // Read under the lease: every request counted up to here is in the snapshot below. Another
  // worker may have finished the wanted run between our first read and the lease: then there
  // is nothing left to do, and a second run would only repeat it.
  const underLease = await readReputationRunState(db);
  if (!runWanted(underLease)) {
    await releaseReputationLease(db, holder);
    return null;
  }
  const covered = underLease.requestedSeq;
  const startedAt = Date.now();
  const renew = setInterval(() => void renewReputationLease(db, holder, Date.now(), leaseMs).catch(() => undefined), leaseMs / 3);
  // Fenced: each write batch checks that this run still holds the lease (a run that stalled past
  // it and was taken over stops before writing more; the taker writes the scores).
  const fenced = { ...recompute, leaseHolder: holder };
  try {
    const result = memory ? await recomputeWithMemory(db, memory, underLease.runs, fenced) : await recomputeReputation(db, fenced);
    const recorded = await finishReputationRun(db, holder, { coveredSeq: covered, startedAt, finishedAt: Date.now(), ...pick(result) });
    // The snapshot is this run's as long as the count moves by our runs alone (another worker's run moves it too).
    memory?.recorded(recorded ? underLease.runs + 1 : null);
    return result;
  } catch (error) {
    await releaseReputationLease(db, holder);
    // Another process holds the lease now and runs: as when it held it from the start.
    if (error instanceof ReputationLeaseLost) return null;
    throw error;
  } finally {
    clearInterval(renew);
  }
}

/**
 * Reads the whole network into `memory` without computing or writing anything (a worker at
 * start), so that the run after the first accept is already incremental instead of the full
 * read. False, leaving `memory` empty, when a run held the lease or finished meanwhile: the rows
 * read may then be half a run's, and the next run reads everything itself.
 */
export async function primeReputationMemory(db: Database, memory: ReputationMemory): Promise<boolean> {
  const running = (state: ReputationRunState) => state.leaseHolder !== null && state.leaseUntil >= Date.now();
  const before = await readReputationRunState(db);
  if (running(before)) return false;
  const snapshot = await readWholeNetwork(db);
  const after = await readReputationRunState(db);
  if (running(after) || after.runs !== before.runs) return false;
  memory.remember(snapshot, Date.now());
  memory.recorded(before.runs);
  return true;
}

const pick = (result: RecomputeResult) => ({ members: result.members, changed: result.changed });

/**
 * Runs every wanted run here and now, waiting while another process holds the lease; resolves
 * once none is wanted. For tests and the seed, which need the scores before going on; servers
 * leave the runs to the worker.
 */
export async function reputationIdle(db: Database, options: RecomputeOptions = {}): Promise<void> {
  const holder = `inline:${process.pid}`;
  while (runWanted(await readReputationRunState(db))) {
    const ran = await runWantedReputation(db, { ...options, holder });
    if (!ran) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
