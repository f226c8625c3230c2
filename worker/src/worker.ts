// The worker's loop: at start, the backfills of the skill index (documents of vouches accepted
// before it existed) and of people search's words; then look whether a reputation run is wanted, wait out the burst, and run it
// exactly once across every worker on the database, through the lease row (runWantedReputation):
// the database is the one coordination mechanism (docs/architecture.md "The worker"). Nothing
// here serves requests.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database, Logger } from '@vouch/service-core';
import { backfillPeopleSearch, primeReputationMemory, ReputationMemory, reputationRunState, runWanted, type ReputationRunState } from '@vouch/service-vouches/worker';
import { backfillSkillIndex } from '@vouch/service-vouches/skill-index';
import { deliverDueNotifications, type DeliveryChannels, type DeliveryOptions } from '@vouch/service-notifications/worker';
import type { WorkerConfig } from './config';
import { runReputationJob } from './reputation-job';

export interface RunningWorker {
  /** This worker's lease holder name (host:pid:random). */
  readonly id: string;
  /** Resolves when the worker has stopped (after close(); a run in progress finishes first). */
  readonly stopped: Promise<void>;
  close(): Promise<void>;
}

export interface StartWorkerOptions {
  db: Database;
  config: WorkerConfig;
  logger: Logger;
  /** Notification delivery (createDeliveryChannels): texts and push through the channels that are on. None: no delivery. */
  notifications?: { channels: DeliveryChannels; options: DeliveryOptions };
}

/** Due: a run is wanted and the burst's first request is at least delayMs old. */
export function runDue(state: ReputationRunState, now: number, delayMs: number): boolean {
  return runWanted(state) && (state.requestedAt === null || now - state.requestedAt >= delayMs);
}

/** A wait the process stays alive for (a referenced timer), cut short by close(). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

export async function startWorker({ db, config, logger, notifications }: StartWorkerOptions): Promise<RunningWorker> {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const stop = new AbortController();
  // The network as this worker's last run left it: the next run reads only what changed.
  const memory = new ReputationMemory();

  async function tick(): Promise<void> {
    const state = await reputationRunState(db);
    if (!runDue(state, Date.now(), config.delayMs)) return;
    // Every worker that sees the run due tries; the lease makes it one run across them.
    await timedRun(db, id, config.leaseMs, memory, logger);
  }

  // Notification delivery has its own loop: a long reputation run must not hold notifications back.
  const delivering = notifications ? deliverLoop(db, notifications, config.pollMs, stop.signal, logger) : Promise.resolve();

  const reputation = (async () => {
    // Skill documents for vouches accepted before the skill index existed (or bulk-loaded);
    // accepts keep it current after that. One indexed query when there is nothing to do.
    try {
      const backfill = await backfillSkillIndex(db);
      if (backfill.members > 0) logger.info(backfill, 'skill index backfilled');
    } catch (error) {
      logger.error({ err: error }, 'skill index backfill failed; the next start tries again');
    }
    // People search's words of members from before its index (or bulk-loaded), likewise.
    try {
      const backfill = await backfillPeopleSearch(db);
      if (backfill.members > 0) logger.info(backfill, 'people search index backfilled');
    } catch (error) {
      logger.error({ err: error }, 'people search backfill failed; the next start tries again');
    }
    // The network read once now rather than at the first accept: that accept's run is incremental.
    try {
      const started = Date.now();
      if (await primeReputationMemory(db, memory)) logger.info({ ms: Date.now() - started }, 'reputation snapshot loaded');
    } catch (error) {
      logger.error({ err: error }, 'reading the network at start failed; the first run reads it');
    }
    while (!stop.signal.aborted) {
      try {
        await tick();
      } catch (error) {
        logger.error({ err: error }, 'reputation run failed; retrying at the next poll');
      }
      await pause(config.pollMs, stop.signal);
    }
  })();
  const stopped = Promise.all([reputation, delivering]).then(() => undefined);

  logger.info({ id, coordination: 'lease', pollMs: config.pollMs, delayMs: config.delayMs }, 'worker started');
  return {
    id,
    stopped,
    async close() {
      stop.abort();
      await stopped;
    },
  };
}

/**
 * Fans out and delivers notifications until stopped: after a full batch at once (a backlog drains
 * at the batches' pace), else every poll. Several workers may run this at once: each outbox row is
 * taken in a locked transaction and each delivery claimed under a lease, so it is sent by one of
 * them. On stop, the pass in progress starts no new send, releases its claimed rows not yet sent
 * and keeps what its sends in flight came to.
 */
async function deliverLoop(db: Database, notifications: NonNullable<StartWorkerOptions['notifications']>, pollMs: number, signal: AbortSignal, logger: Logger): Promise<void> {
  while (!signal.aborted) {
    let more = false;
    try {
      const report = await deliverDueNotifications(db, notifications.channels, notifications.options, undefined, logger, signal);
      more = report.more;
      if (report.fanned + report.sent + report.retried + report.failed + report.pruned + report.released > 0) logger.info(report, 'notifications delivered');
    } catch (error) {
      logger.error({ err: error }, 'notification delivery failed; retrying at the next poll');
    }
    await pause(more ? 0 : pollMs, signal);
  }
}

/**
 * One run of the job, logged with its wall and CPU time (the CPU is what a gateway on the same
 * cores gives up: docs/scaling.md "What a run costs the gateway beside it").
 */
async function timedRun(db: Database, id: string, leaseMs: number, memory: ReputationMemory, logger: Logger) {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const result = await runReputationJob(db, id, leaseMs, memory);
  const used = process.cpuUsage(cpu);
  if (result) logger.info({ ...result, ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000) }, 'reputation recomputed');
  return result;
}
