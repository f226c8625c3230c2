// The delivery pass on a real database (SQLite, and MariaDB/MySQL with TEST_DATABASE_URL), with
// senders standing in for Twilio and FCM: each notification is sent once per channel however many
// workers pass at the same moment, a failure waits out its backoff, one given up on is kept as
// failed, and a member who replied STOP to a text gets no more texts.
import supertest from 'supertest';
import type { DevicePlatform, PushMessage } from '@vouch/contracts';
import { notify } from '@vouch/service-notifications';
import { DEFAULT_DELIVERY_OPTIONS, deliverDueNotifications, type DeliveryChannels, type DeliveryOptions, type PushSender, type SendOutcome, type TextOutcome, type TextSender } from '@vouch/service-notifications/worker';
import { listDeliveriesOf, listNotificationsOf, newVapidKeys } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';
import { vouchReceivedEvent } from './support/notification-events';

function recordingPush(outcomes: SendOutcome[] = []): PushSender & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'test push',
    sent,
    async send(device: { platform: DevicePlatform; token: string }, message: PushMessage) {
      // A real send takes a moment: long enough for the other passes to read the same rows.
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(`${device.token}: ${message.body}`);
      return outcomes.shift() ?? { result: 'sent' };
    },
  };
}

function recordingText(outcomes: TextOutcome[] = []): TextSender & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'test texts',
    sent,
    async send(to: string, body: string) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.push(`${to}: ${body}`);
      return outcomes.shift() ?? { result: 'sent' };
    },
  };
}

const OPTIONS: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, maxAttempts: 2, retryBaseMs: 60_000, claimMs: 60_000 };
const channels = (text: TextSender | null, push: PushSender): DeliveryChannels => ({ text, push: { android: push, ios: push }, publicUrl: 'https://vouch.example' });

const vapid = newVapidKeys();

describeEachDatabase('notification delivery passes', (t: TestContext) => {
  // The senders stand in for the channels; the gateway only needs them configured to take devices.
  const withPush = () => {
    const app = t.createApp({ env: { FCM_PROJECT_ID: 'vouch-test', FCM_CLIENT_EMAIL: 'push@vouch-test.iam.gserviceaccount.com', FCM_PRIVATE_KEY: 'unused', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example' } });
    return { request: supertest(app), agent: () => supertest.agent(app) };
  };
  const register = (member: SignedInMember, platform: DevicePlatform, token: string) => member.agent.post('/api/devices').send({ platform, token, appVersion: '1' }).expect(201);
  const event = vouchReceivedEvent;

  it('sends each notification once per channel and device when four workers pass at the same moment', async () => {
    const { db } = t;
    const member = await signIn(withPush(), ['Fay', 'Fox']);
    for (const token of ['t-1', 't-2']) await register(member, 'android', token);
    await db.transaction(async (transaction) => {
      for (let i = 0; i < 5; i += 1) await notify(db, transaction, event(member.memberId, i));
    });
    const push = recordingPush();
    const text = recordingText();
    const reports = await Promise.all(Array.from({ length: 4 }, () => deliverDueNotifications(db, channels(text, push), OPTIONS)));
    expect(reports.reduce((sum, report) => sum + report.fanned, 0)).toBe(5);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(15);
    expect(new Set(push.sent).size).toBe(10);
    expect(push.sent).toHaveLength(10);
    expect(text.sent).toHaveLength(5);
    expect(new Set(text.sent).size).toBe(5);
    expect((await listDeliveriesOf(db, member.memberId)).map((d) => d.status)).toEqual(Array(15).fill('sent'));
  });

  it('waits out the backoff after a failure, then gives up after the last attempt and keeps the row as failed', async () => {
    const { db } = t;
    const start = new Date();
    const member = await signIn(withPush(), ['Gus', 'Gray']);
    await register(member, 'ios', 'flaky');
    await member.agent.patch('/api/notification-preferences').send({ vouch_received: { text: false } }).expect(200);
    await db.transaction((transaction) => notify(db, transaction, { ...event(member.memberId, 0), bell: 'Your Vouch was accepted.' }));
    const push = recordingPush([{ result: 'retry', error: '503 unavailable' }, { result: 'retry', error: '503 still unavailable' }]);
    expect(await deliverDueNotifications(db, channels(recordingText(), push), OPTIONS, () => start)).toMatchObject({ fanned: 1, retried: 1 });
    // Within the backoff nothing is sent.
    expect(await deliverDueNotifications(db, channels(null, push), OPTIONS, () => new Date(start.getTime() + 59_000))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(await deliverDueNotifications(db, channels(null, push), OPTIONS, () => new Date(start.getTime() + 61_000))).toMatchObject({ failed: 1 });
    expect(push.sent).toEqual(['flaky: Your Vouch was accepted.', 'flaky: Your Vouch was accepted.']);
    expect(await listDeliveriesOf(db, member.memberId)).toEqual([expect.objectContaining({ channel: 'push', status: 'failed', attempts: 2, lastError: '503 still unavailable' })]);
  });

  it('keeps sent and failed deliveries a week for an operator, then purges them with their notification', async () => {
    const { db } = t;
    const member = await signIn(withPush(), ['Ola', 'Old']);
    await register(member, 'android', 'old-phone');
    await db.transaction((transaction) => notify(db, transaction, event(member.memberId, 0)));
    await deliverDueNotifications(db, channels(recordingText(), recordingPush()), OPTIONS);
    expect((await listDeliveriesOf(db, member.memberId)).map((d) => d.status)).toEqual(['sent', 'sent']);
    await deliverDueNotifications(db, channels(null, recordingPush()), OPTIONS, () => new Date(Date.now() + 6 * 86_400_000));
    expect(await listDeliveriesOf(db, member.memberId)).toHaveLength(2);
    await deliverDueNotifications(db, channels(null, recordingPush()), OPTIONS, () => new Date(Date.now() + 8 * 86_400_000));
    expect(await listDeliveriesOf(db, member.memberId)).toEqual([]);
    expect(await listNotificationsOf(db, member.memberId)).toEqual([]);
  });

  it('a member who replied STOP (Twilio 21610) has every text turned off, and the next notification sends none', async () => {
    const { db } = t;
    const member = await signIn(withPush(), ['Hal', 'Halt']);
    await db.transaction((transaction) => notify(db, transaction, event(member.memberId, 0)));
    const text = recordingText([{ result: 'opted-out', error: 'Twilio 21610: Attempt to send to unsubscribed recipient' }]);
    expect(await deliverDueNotifications(db, channels(text, recordingPush()), OPTIONS)).toMatchObject({ failed: 1 });
    const preferences = (await member.agent.get('/api/notification-preferences').expect(200)).body as Record<string, { text: boolean }>;
    expect(Object.values(preferences).every((p) => p.text === false)).toBe(true);
    await db.transaction((transaction) => notify(db, transaction, event(member.memberId, 1)));
    await deliverDueNotifications(db, channels(text, recordingPush()), OPTIONS);
    expect(text.sent).toHaveLength(1);
  });
}, { env: GENEROUS_AUTH_LIMITS });
