// The worker with notification delivery, as worker/src/main.ts starts it, except that its FCM, Web
// Push and Twilio Messaging calls go to the test's local fakes (FAKE_FCM_PORT, FAKE_WEB_PUSH_PORT,
// FAKE_TWILIO_PORT) through the agents firebase-admin, web-push and twilio accept. A process of its
// own: google-auth-library loads its HTTP client with a dynamic import, which jest's module sandbox
// cannot run.
import { createLogger, openDatabase } from '@vouch/service-core';
import { createDeliveryChannels, readDeliveryOptions } from '@vouch/service-notifications/worker';
import { fakeTwilioMessagingClient, LocalAgent } from '@vouch/service-notifications/testing';
import { readWorkerConfig, startWorker } from '@vouch/worker';

async function main() {
  const env = process.env;
  const logger = createLogger({ env, name: 'worker' });
  const db = await openDatabase(env.DATABASE_URL);
  const delivery = createDeliveryChannels(env, db, logger, {
    fcm: new LocalAgent(Number(env.FAKE_FCM_PORT)),
    webPush: new LocalAgent(Number(env.FAKE_WEB_PUSH_PORT)),
    ...(env.FAKE_TWILIO_PORT ? { twilio: fakeTwilioMessagingClient({ baseUrl: `http://127.0.0.1:${env.FAKE_TWILIO_PORT}` }) } : {}),
  });
  const worker = await startWorker({ db, config: readWorkerConfig(env), logger, notifications: { channels: delivery.channels, options: readDeliveryOptions(env) } });
  process.once('SIGTERM', () => void worker.close());
  await worker.stopped;
  await delivery.close();
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
