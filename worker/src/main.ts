// `npm run worker` (and `npm start`, beside the gateway): the background worker. It opens the
// database the gateway migrates, waits until the migrations are there, then runs the
// whole-network computations until SIGTERM/SIGINT.
import os from 'node:os';
import { createLogger, openDatabase, type Database, type Logger } from '@vouch/service-core';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { createPushSenders, readDeliveryOptions } from '@vouch/service-notifications/worker';
import { readWorkerConfig } from './config';
import { startWorker } from './worker';

/** The gateway migrates; a worker started beside it waits for the tables (up to two minutes). */
async function migrated(db: Database, logger: Logger): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await reputationRunState(db);
      return;
    } catch (error) {
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
  const db = await openDatabase(env.DATABASE_URL);
  await migrated(db, logger);
  // Push: the channels configured in the environment (the log says which, or that push is off).
  const push = createPushSenders(env, logger);
  const worker = await startWorker({ db, config, logger, push: { senders: push.senders, options: readDeliveryOptions(env) } });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'worker stopping');
      void worker.close();
    });
  }
  await worker.stopped;
  await push.close();
  await db.close();
  logger.info('worker stopped');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
