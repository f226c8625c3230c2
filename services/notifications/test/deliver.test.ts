// The delivery pass on a real database (SQLite, and MariaDB/MySQL with TEST_DATABASE_URL), with
// senders standing in for FCM and Web Push: each notification is sent once however many workers
// pass at the same moment, a failure waits out its backoff, and one given up on is kept as failed.
import type { DevicePlatform, PushMessage } from '@vouch/contracts';
import { upsertDevice } from '../src/data-access/device.repository';
import { listOutboxRows } from '../src/data-access/outbox.repository';
import { deliverDueNotifications, type DeliveryOptions } from '../src/domain/deliver';
import { queueNotification } from '../src/domain/notify';
import type { PushSender, SendOutcome } from '../src/delivery/push-sender';
import { TEST_DATABASES, type TestDatabase } from './support/test-databases';

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

describe.each(TEST_DATABASES)('push delivery passes on %s', (_label, open) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('sends each notification once when four workers pass at the same moment', async () => {
    const { db } = test;
    const now = new Date();
    for (const token of ['t-1', 't-2']) await upsertDevice(db, { memberId: 1, platform: 'android', token, appVersion: '1' }, now);
    await db.transaction(async (t) => {
      for (let i = 0; i < 5; i += 1) await queueNotification(db, t, 1, 'vouch_received', `Vouch number ${i}.`, now);
    });
    const sender = recordingSender();
    const reports = await Promise.all(Array.from({ length: 4 }, () => deliverDueNotifications(db, { android: sender }, OPTIONS)));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(10);
    expect(new Set(sender.sent).size).toBe(10);
    expect(sender.sent).toHaveLength(10);
    expect(await listOutboxRows(db, 1)).toEqual([]);
  });

  it('waits out the backoff after a failure, then gives up after the last attempt and keeps the row as failed', async () => {
    const { db } = test;
    const start = new Date();
    await upsertDevice(db, { memberId: 2, platform: 'ios', token: 'flaky', appVersion: '1' }, start);
    await db.transaction((t) => queueNotification(db, t, 2, 'vouch_accepted', 'Your Vouch was accepted.', start));
    const sender = recordingSender([{ result: 'retry', error: '503 unavailable' }, { result: 'retry', error: '503 still unavailable' }]);
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => start)).toMatchObject({ retried: 1 });
    // Within the backoff nothing is sent.
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => new Date(start.getTime() + 59_000))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(await deliverDueNotifications(db, { ios: sender }, OPTIONS, () => new Date(start.getTime() + 61_000))).toMatchObject({ failed: 1 });
    expect(sender.sent).toEqual(['flaky: Your Vouch was accepted.', 'flaky: Your Vouch was accepted.']);
    expect(await listOutboxRows(db, 2)).toEqual([expect.objectContaining({ status: 'failed', attempts: 2, lastError: '503 still unavailable' })]);
  });
});
