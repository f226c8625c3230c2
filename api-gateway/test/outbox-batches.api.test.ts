// The outbox delivered by batches (the launch's backlog), on SQLite and (with TEST_DATABASE_URL)
// MariaDB/MySQL: texts go to a local fake of Twilio Programmable Messaging through the real twilio
// SDK, pushes to a local fake Web Push service through the real web-push (both speak their wire
// format). Two workers, each with its own connection pool, drain one backlog at the same time:
// every text and push arrives once, none is lost, failures are retried after their backoff. A
// worker that dies mid-batch leaves its claimed rows hidden for the lease, then another worker
// sends them, once. A worker told to stop finishes the sends in flight and hands back the rest.
// A member who replied STOP gets no further text of the batch.
import supertest from 'supertest';
import { createLogger, openDatabase, type Database } from '@vouch/service-core';
import { notify } from '@vouch/service-notifications';
import { createDeliveryChannels, deliverDueNotifications, DEFAULT_DELIVERY_OPTIONS, outboxLag, type DeliveryChannels, type DeliveryOptions, type TextSender } from '@vouch/service-notifications/worker';
import { FAKE_MESSAGING_ENV, FakeTwilioMessaging, fakeTwilioMessagingClient, listDeliveriesOf, LocalAgent, newVapidKeys, startFakeWebPush, type FakeWebPush } from '@vouch/service-notifications/testing';
import { readWorkerConfig, startWorker } from '@vouch/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';
import { vouchReceivedEvent } from './support/notification-events';
import { until } from './support/until';

jest.setTimeout(180_000);

const PUBLIC_URL = 'https://vouch.example';
const vapid = newVapidKeys();
const logger = createLogger({ env: { LOG_LEVEL: 'silent' }, name: 'test' });

const event = vouchReceivedEvent;

/** Drains with one worker's passes until the outbox is empty, the way the worker's loop passes (at once after a full batch). */
async function drain(db: Database, channels: DeliveryChannels, options: DeliveryOptions): Promise<{ sent: number; retried: number; passes: number }> {
  const total = { sent: 0, retried: 0, passes: 0 };
  for (;;) {
    const report = await deliverDueNotifications(db, channels, options, undefined, logger);
    total.sent += report.sent;
    total.retried += report.retried;
    total.passes += 1;
    if (report.more) continue;
    const backlog = await outboxLag(db);
    if (backlog.notifications + backlog.deliveries === 0) return total;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describeEachDatabase(
  'the outbox delivered by batches',
  (t: TestContext) => {
    let texts: FakeTwilioMessaging;
    let pushService: FakeWebPush;
    let gateway: SignInTarget;
    const env = { NODE_ENV: 'test', PUBLIC_URL, ...FAKE_MESSAGING_ENV, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example', WEB_PUSH_HOSTS: 'push.example.test' };
    const opened: Database[] = [];

    beforeAll(async () => {
      texts = await new FakeTwilioMessaging().start();
      pushService = await startFakeWebPush();
      const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, ...env } });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
    });
    afterAll(async () => {
      for (const db of opened) await db.close().catch(() => undefined);
      await texts?.stop();
      await pushService?.close();
    });

    /** Another worker's view of the database: a connection pool of its own. */
    const workerDb = async () => {
      const db = await openDatabase(t.databaseUrl);
      opened.push(db);
      return db;
    };
    /** The channels as the worker configures them, reaching the fakes. */
    const channelsOn = (db: Database) => createDeliveryChannels(env, db, logger, { twilio: fakeTwilioMessagingClient(texts), webPush: new LocalAgent(pushService.port) }).channels;
    const members = async (n: number, prefix: string): Promise<SignedInMember[]> => {
      const made: SignedInMember[] = [];
      for (let i = 0; i < n; i += 1) made.push(await signIn(gateway, [`${prefix}${String.fromCharCode(97 + i)}`, 'Batch']));
      return made;
    };
    const queue = async (who: readonly SignedInMember[], perMember: number, from = 0) => {
      await t.db.transaction(async (transaction) => {
        for (const [m, member] of who.entries()) for (let i = 0; i < perMember; i += 1) await notify(t.db, transaction, event(member.memberId, from + m * perMember + i));
      });
    };
    const statuses = async (who: readonly SignedInMember[]) => (await Promise.all(who.map((m) => listDeliveriesOf(t.db, m.memberId)))).flat();

    it('two workers drain one backlog at once: every text and push arrives once, none is lost, a failure is retried after its backoff', async () => {
      const who = await members(8, 'Dr');
      const browsers = [];
      for (const member of who) {
        const browser = pushService.subscribe();
        browsers.push(browser);
        await member.agent.post('/api/devices').send({ platform: 'web', token: browser.subscription, appVersion: '1' }).expect(201);
      }
      // Twilio fails once for two phones, the push service once for one browser.
      texts.script(who[0]!.phone, { status: 500, code: 20500, message: 'Internal Server Error' });
      texts.script(who[5]!.phone, { status: 429, code: 20429, message: 'Too Many Requests' });
      pushService.script(browsers[3]!, { status: 503 });
      await queue(who, 15);

      const options: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, batch: 16, retryBaseMs: 10, concurrency: { text: 4, push: 4 } };
      const [first, second] = await Promise.all([workerDb(), workerDb()]);
      const [a, b] = await Promise.all([drain(first, channelsOn(first), options), drain(second, channelsOn(second), options)]);

      // Both took part, and between them sent each of the 120 texts and 120 pushes once.
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(a.sent + b.sent).toBe(240);
      expect(a.retried + b.retried).toBe(3);
      for (const [m, member] of who.entries()) {
        const expected = Array.from({ length: 15 }, (_, i) => `Vouch: Ann Able vouched for you. ${PUBLIC_URL}/vouch/token-${m * 15 + i} Reply STOP to opt out.`);
        expect([...texts.delivered(member.phone)].sort()).toEqual(expected.sort());
      }
      expect(texts.messages.filter((message) => message.status !== 201).map((message) => message.to).sort()).toEqual([who[0]!.phone, who[5]!.phone].sort());
      const accepted = pushService.deliveries.filter((d) => d.status === 201);
      expect(accepted).toHaveLength(120);
      expect(new Set(accepted.map((d) => String((JSON.parse(d.payload!) as { objectId: unknown }).objectId))).size).toBe(120);
      expect(pushService.deliveries.filter((d) => d.status === 503)).toHaveLength(1);
      const rows = await statuses(who);
      expect(rows).toHaveLength(240);
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
      expect(rows.filter((row) => row.attempts === 2)).toHaveLength(3);
    });

    it('a worker that dies mid-batch: its claimed rows wait out the lease, then another worker sends each of them once', async () => {
      const who = await members(3, 'Cr');
      await queue(who, 4);
      const options: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, claimMs: 60_000, sendMs: 10_000, batch: 50, concurrency: { text: 3, push: 3 } };
      const dying = await workerDb();
      const real = channelsOn(dying);
      // It sends three texts through Twilio, then dies: its next sends never reach Twilio and never end.
      let allowed = 3;
      const dies: TextSender = { name: 'dies mid-batch', send: (to, body) => (allowed-- > 0 ? real.text!.send(to, body) : new Promise(() => {})) };
      void deliverDueNotifications(dying, { ...real, text: dies }, options, undefined, logger);
      await until('three texts sent and recorded', async () => ((await statuses(who)).filter((row) => row.status === 'sent').length === 3 ? true : undefined), 60_000, 25);
      await dying.close();

      const other = await workerDb();
      // Within the lease nothing of the dead worker's batch is due.
      expect(await deliverDueNotifications(other, channelsOn(other), options, undefined, logger)).toMatchObject({ sent: 0, released: 0 });
      // After it, the other worker sends the nine texts the dead one did not.
      const later = () => new Date(Date.now() + options.claimMs + 1_000);
      expect(await deliverDueNotifications(other, channelsOn(other), options, later, logger)).toMatchObject({ sent: 9, retried: 0, failed: 0 });
      for (const member of who) expect(texts.delivered(member.phone)).toHaveLength(4);
      const rows = await statuses(who);
      expect(rows.map((row) => row.status)).toEqual(Array(12).fill('sent'));
      expect(rows.map((row) => row.attempts).sort()).toEqual([...Array(3).fill(1), ...Array(9).fill(2)]);
    });

    it('a worker told to stop mid-batch finishes its sends in flight, hands back the rest unsent, and the next worker sends them once', async () => {
      const who = await members(6, 'St');
      await queue(who, 2);
      const db = await workerDb();
      const real = channelsOn(db);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      const slow: TextSender = {
        name: 'held',
        async send(to, body) {
          started += 1;
          await held;
          return real.text!.send(to, body);
        },
      };
      const options: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, concurrency: { text: 2, push: 2 } };
      const worker = await startWorker({ db, config: { ...readWorkerConfig({}), pollMs: 20 }, logger, notifications: { channels: { ...real, text: slow }, options } });
      await until('two sends in flight', () => (started === 2 ? true : undefined), 60_000, 10);
      const stopped = worker.close();
      release();
      await stopped;

      const rows = await statuses(who);
      expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
      const handedBack = rows.filter((row) => row.status === 'pending');
      expect(handedBack).toHaveLength(10);
      // Handed back as they were: due now, their attempt not counted.
      for (const row of handedBack) {
        expect(row.attempts).toBe(0);
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
      const next = await workerDb();
      expect(await deliverDueNotifications(next, channelsOn(next), options, undefined, logger)).toMatchObject({ sent: 10 });
      for (const member of who) expect(texts.delivered(member.phone)).toHaveLength(2);
    });

    it('a member who replied STOP gets no further text of the batch, and their texts are turned off', async () => {
      const [member] = await members(1, 'Op');
      texts.optedOut.add(member!.phone);
      await queue([member!], 3);
      const db = await workerDb();
      expect(await deliverDueNotifications(db, channelsOn(db), DEFAULT_DELIVERY_OPTIONS, undefined, logger)).toMatchObject({ sent: 0, failed: 3 });
      expect(texts.messages.filter((message) => message.to === member!.phone).map((message) => message.status)).toEqual([400]);
      const preferences = (await member!.agent.get('/api/notification-preferences').expect(200)).body as Record<string, { text: boolean }>;
      expect(Object.values(preferences).every((p) => p.text === false)).toBe(true);
      expect((await listDeliveriesOf(t.db, member!.memberId)).map((row) => row.lastError)).toEqual([
        expect.stringContaining('Twilio 21610'),
        'The member replied STOP: texts to them are off.',
        'The member replied STOP: texts to them are off.',
      ]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
