// The delivery pass on a real database (SQLite, and MariaDB/MySQL with TEST_DATABASE_URL), with
// senders standing in for FCM and Web Push: each notification is sent once however many workers
// pass at the same moment, a failure waits out its backoff, and one given up on is kept as failed.
import supertest from 'supertest';
import type { DevicePlatform, PushMessage } from '@vouch/contracts';
import { queueNotification } from '@vouch/service-notifications';
import { deliverDueNotifications, type DeliveryOptions, type PushSender, type SendOutcome } from '@vouch/service-notifications/worker';
import { listOutboxRows, newVapidKeys } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';

function recordingSender(outcomes: SendOutcome[] = []): PushSender & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'test',
    sent,
    async send(device: { platform: DevicePlatform; token: string }, message: PushMessage) {
      // A real send takes a moment: long enough for the other passes to read the same rows.
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(`${device.token}: ${message.body}`);
      return outcomes.shift() ?? { result: 'sent' };
    },
  };
}

const OPTIONS: DeliveryOptions = { maxAttempts: 2, retryBaseMs: 60_000, claimMs: 60_000, batch: 100 };

const vapid = newVapidKeys();

describeEachDatabase('push delivery passes', (t: TestContext) => {
  // The senders stand in for the channels; the gateway only needs them configured to take devices.
  const withPush = () => {
    const app = t.createApp({ env: { FCM_PROJECT_ID: 'vouch-test', FCM_CLIENT_EMAIL: 'push@vouch-test.iam.gserviceaccount.com', FCM_PRIVATE_KEY: 'unused', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example' } });
    return { request: supertest(app), agent: () => supertest.agent(app) };
  };
  const register = (member: SignedInMember, platform: DevicePlatform, token: string) => member.agent.post('/api/devices').send({ platform, token, appVersion: '1' }).expect(201);

  it('sends each notification once when four workers pass at the same moment', async () => {
    const { db } = t;
    const now = new Date();
    const member = await signIn(withPush(), ['Fay', 'Fox']);
    for (const token of ['t-1', 't-2']) await register(member, 'android', token);
    await db.transaction(async (transaction) => {
      for (let i = 0; i < 5; i += 1) await queueNotification(db, transaction, member.memberId, 'vouch_received', `Vouch number ${i}.`, now);
    });
    const sender = recordingSender();
    const reports = await Promise.all(Array.from({ length: 4 }, () => deliverDueNotifications(db, { android: sender }, OPTIONS)));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(10);
    expect(new Set(sender.sent).size).toBe(10);
    expect(sender.sent).toHaveLength(10);
    expect(await listOutboxRows(db, member.memberId)).toEqual([]);
  });

  it('waits out the backoff after a failure, then gives up after the last attempt and keeps the row as failed', async () => {
    const { db } = t;
    const start = new Date();
    const member = await signIn(withPush(), ['Gus', 'Gray']);
    await register(member, 'ios', 'flaky');
    await db.transaction((transaction) => queueNotification(db, transaction, member.memberId, 'vouch_accepted', 'Your Vouch was accepted.', start));
    const sender = recordingSender([{ result: 'retry', error: '503 unavailable' }, { result: 'retry', error: '503 still unavailable' }]);
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => start)).toMatchObject({ retried: 1 });
    // Within the backoff nothing is sent.
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => new Date(start.getTime() + 59_000))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => new Date(start.getTime() + 61_000))).toMatchObject({ failed: 1 });
    expect(sender.sent).toEqual(['flaky: Your Vouch was accepted.', 'flaky: Your Vouch was accepted.']);
    expect(await listOutboxRows(db, member.memberId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 2, lastError: '503 still unavailable' })]);
  });
}, { env: GENEROUS_AUTH_LIMITS });
