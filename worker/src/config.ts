import { DEFAULT_LEASE_MS } from '@vouch/service-vouches/worker';

/** Configuration of the worker, read once from the environment. */
export interface WorkerConfig {
  /** WORKER_POLL_MS (default 500): how often the worker looks whether a run is wanted. */
  pollMs: number;
  /** REPUTATION_RECOMPUTE_DELAY_MS (default 1000): how long after the first request of a burst
   *  the run starts, so the accepts of a burst share one run. */
  delayMs: number;
  /** REPUTATION_LEASE_MS (default 6000): a worker that dies mid-run is replaced after this; renewed every third of it while running. */
  leaseMs: number;
  /** WORKER_STATEMENT_TIMEOUT_MS (default 300000, 0: none): the longest one statement may run or wait
   *  (a run's read of the whole network takes seconds; a lock held for minutes is a stall). */
  statementTimeoutMs: number;
  /** WORKER_NICE (default 10, 0–19): the worker's CPU priority (Unix nice value). A worker
   *  sharing cores with a gateway lets the gateway's requests go first and its run takes what
   *  is left; on a machine saturated by other work, freshness pays (docs/scaling.md). */
  nice: number;
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number of milliseconds from ${min} to ${max} (got "${raw}").`);
  return value;
}

function niceValue(raw: string | undefined): number {
  const value = raw?.trim() ? Number(raw) : 10;
  if (!Number.isInteger(value) || value < 0 || value > 19) throw new Error(`WORKER_NICE must be a whole number from 0 to 19 (got "${raw}").`);
  return value;
}

export function readWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  return {
    pollMs: milliseconds(env, 'WORKER_POLL_MS', 500, 10, 60_000),
    delayMs: milliseconds(env, 'REPUTATION_RECOMPUTE_DELAY_MS', 1_000, 0, 60_000),
    leaseMs: milliseconds(env, 'REPUTATION_LEASE_MS', DEFAULT_LEASE_MS, 1_000, 3_600_000),
    statementTimeoutMs: milliseconds(env, 'WORKER_STATEMENT_TIMEOUT_MS', 300_000, 0, 3_600_000),
    nice: niceValue(env.WORKER_NICE),
  };
}
