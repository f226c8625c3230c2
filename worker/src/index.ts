// The worker's public module: start one in-process (tests), or run the reputation job as the
// worker does (the seed).
export { readWorkerConfig } from './config';
export type { WorkerConfig } from './config';
export { startWorker, runDue } from './worker';
export type { RunningWorker, StartWorkerOptions } from './worker';
export { reputationInputs, runReputationJob, settleReputation } from './reputation-job';
