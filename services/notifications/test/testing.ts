// What other workspaces' tests use: the fakes of FCM, Web Push and Twilio Messaging, and the outbox as the worker sees it.
export { fcmError, LocalAgent, startFakeFcm, startFakeWebPush } from './fake-push';
export type { FakeAnswer, FakeFcm, FakeSubscription, FakeWebPush, FcmSend, WebPushDelivery } from './fake-push';
export { listDeliveriesOf, listNotificationsOf } from '../src/data-access/outbox.repository';

import webpush from 'web-push';
/** A fresh VAPID key pair (base64url), as `npx web-push generate-vapid-keys` prints. */
export const newVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
export { FakeTwilioMessaging, fakeTwilioMessagingClient, FAKE_MESSAGING_ENV } from './fake-twilio-messaging';
export type { FakeTextMessage, FakeTwilioError } from './fake-twilio-messaging';
