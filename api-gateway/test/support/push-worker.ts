// The worker with push delivery, as worker/src/main.ts starts it, except that its FCM and Web Push
// calls go to the test's local fakes (FAKE_FCM_PORT, FAKE_WEB_PUSH_PORT) through the agents
// firebase-admin and web-push accept. A process of its own: google-auth-library loads its HTTP
// client with a dynamic import, which jest's module sandbox cannot run.
import { createLogger, openDatabase } from '@vouch/service-core';
import { createPushSenders, readDeliveryOptions } from '@vouch/service-notifications/worker';
import { LocalAgent } from '@vouch/service-notifications/testing';
import { readWorkerConfig, startWorker } from '@vouch/worker';

async function main() {
  const env = process.env;
  const logger = createLogger({ env, name: 'worker' });
  const db = await openDatabase(env.DATABASE_URL);
  const push = createPushSenders(env, logger, { fcm: new LocalAgent(Number(env.FAKE_FCM_PORT)), webPush: new LocalAgent(Number(env.FAKE_WEB_PUSH_PORT)) });
  const worker = await startWorker({ db, config: readWorkerConfig(env), logger, push: { senders: push.senders, options: readDeliveryOptions(env) } });
  process.once('SIGTERM', () => void worker.close());
  await worker.stopped;
  await push.close();
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
