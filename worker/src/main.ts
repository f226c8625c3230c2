// `npm run worker` (and `npm start`, beside the gateway): the background worker. It opens the
// database the gateway migrates, waits until the migrations are there, then runs the
// whole-network computations until SIGTERM/SIGINT.
import os from 'node:os';
import { createLogger, openDatabase, type Database, type Logger } from '@vouch/service-core';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { createDeliveryChannels, readDeliveryOptions } from '@vouch/service-notifications/worker';
import { readWorkerConfig } from './config';
import { startWorker } from './worker';

/** The gateway migrates; a worker started beside it waits for the tables (up to two minutes, or until stopped). */
async function migrated(db: Database, logger: Logger, stopped: AbortSignal): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await reputationRunState(db);
      return;
    } catch (error) {
      if (stopped.aborted) return;
      if (Date.now() > deadline) throw error;
      logger.debug('waiting for the gateway to migrate the database');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function main() {
  const env = process.env;
  const logger = createLogger({ env, name: 'worker' });
  const config = readWorkerConfig(env);
  // Workers once coordinated through BullMQ when REDIS_URL was set; the database lease alone does it now.
  if (env.REDIS_URL?.trim()) logger.warn('REDIS_URL is not read: workers coordinate through the database lease row (docs/architecture.md "The worker")');
  // Background work yields the CPU to the processes that answer requests (WORKER_NICE, 0: not at all).
  if (config.nice > 0) {
    try {
      os.setPriority(config.nice);
    } catch (error) {
      logger.warn({ err: error, nice: config.nice }, 'could not lower the worker priority; running at the normal one');
    }
  }
  // The first signal stops the worker, after its run in progress; a repeat (a process group's
  // signal passed on again by npm start) changes nothing. One that comes while it starts (waiting
  // for the migrations) stops it before it begins. Started by npm start over an IPC channel, the
  // channel closing (npm start died) stops it the same way.
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals | 'disconnect') => {
    if (stop.signal.aborted) return logger.info({ signal }, 'worker already stopping');
    logger.info({ signal }, 'worker stopping');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => onSignal('disconnect'));
  }
  const db = await openDatabase(env.DATABASE_URL, { statementTimeoutMs: config.statementTimeoutMs });
  await migrated(db, logger, stop.signal);
  if (!stop.signal.aborted) {
    // Texts and push: the channels configured in the environment (the log says which are on).
    const delivery = createDeliveryChannels(env, db, logger);
    const worker = await startWorker({ db, config, logger, notifications: { channels: delivery.channels, options: readDeliveryOptions(env) } });
    stop.signal.addEventListener('abort', () => void worker.close());
    if (stop.signal.aborted) void worker.close();
    await worker.stopped;
    await delivery.close();
  }
  await db.close();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
