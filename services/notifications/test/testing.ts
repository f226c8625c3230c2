// What other workspaces' tests use: the push fakes, and the outbox as the worker sees it.
export { fcmError, LocalAgent, startFakeFcm, startFakeWebPush } from './fake-push';
export type { FakeAnswer, FakeFcm, FakeSubscription, FakeWebPush, FcmSend, WebPushDelivery } from './fake-push';
export { listOutboxRows } from '../src/data-access/outbox.repository';

import webpush from 'web-push';
/** A fresh VAPID key pair (base64url), as `npx web-push generate-vapid-keys` prints. */
export const newVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
