// Delivery end to end (issues 29 and 40) on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL:
// members register phones and browsers, a vouch is given and accepted, and two workers, each in its
// own process, deliver what the bell shows: texts to a local fake of Twilio Programmable Messaging
// through the real twilio SDK, pushes to a local fake FCM (behind a fake Google token endpoint) and
// a fake Web Push service through the real firebase-admin and web-push. A 500 from Twilio and FCM
// and a 503 from the push service are retried with backoff, nothing is sent twice; a token FCM
// calls UNREGISTERED and a subscription answered 410 are pruned.
import supertest from 'supertest';
import path from 'node:path';
import {
  FAKE_MESSAGING_ENV,
  FakeTwilioMessaging,
  fcmError,
  listDeliveriesOf,
  listNotificationsOf,
  newVapidKeys,
  startFakeFcm,
  startFakeWebPush,
  type FakeFcm,
  type FakeWebPush,
} from '@vouch/service-notifications/testing';
import { outboxLag } from '@vouch/service-notifications/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './support/worker-process';

jest.setTimeout(120_000);

/** Polls until `check` stops throwing (the workers run on their own clocks). */
async function eventually(check: () => Promise<void> | void, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const PUBLIC_URL = 'https://vouch.example';

describeEachDatabase(
  'delivery by two workers',
  (t: TestContext) => {
    let fcm: FakeFcm;
    let pushService: FakeWebPush;
    let texts: FakeTwilioMessaging;
    let gateway: SignInTarget;
    const workers: WorkerProcess[] = [];
    const vapid = newVapidKeys();
    let env: Record<string, string>;

    beforeAll(async () => {
      fcm = await startFakeFcm();
      pushService = await startFakeWebPush();
      texts = await new FakeTwilioMessaging().start();
      env = { NODE_ENV: 'test', PUBLIC_URL, ...FAKE_MESSAGING_ENV, FCM_CREDENTIALS_FILE: fcm.credentialsFile, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example', WEB_PUSH_HOSTS: 'push.example.test', NOTIFY_RETRY_BASE_MS: '50' };
      const app = t.createApp({ env });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
    });
    afterAll(async () => {
      for (const worker of workers) await stopWorkerProcess(worker);
      await fcm?.close();
      await pushService?.close();
      await texts?.stop();
    });

    const startWorkers = async () => {
      if (workers.length > 0) return;
      const workerEnv = { ...env, WORKER_POLL_MS: '20', FAKE_FCM_PORT: String(fcm.port), FAKE_WEB_PUSH_PORT: String(pushService.port), FAKE_TWILIO_PORT: String(texts.port) };
      for (let i = 0; i < 2; i++) workers.push(await startWorkerProcess(t.databaseUrl, workerEnv, path.join(__dirname, 'support', 'push-worker.ts')));
    };
    const register = (who: SignedInMember, platform: string, token: unknown) => who.agent.post('/api/devices').send({ platform, token, appVersion: '1.0' }).expect(201);
    const devices = async (who: SignedInMember) => ((await who.agent.get('/api/devices').expect(200)).body as Array<{ platform: string }>).map((d) => d.platform);
    const pending = async (who: SignedInMember) => (await listDeliveriesOf(t.db, who.memberId)).filter((d) => d.status === 'pending');

    it('delivers a vouch received (text and push) and accepted (push) to every device, retrying failures once each and pruning dead tokens', async () => {
      const ann = await signIn(gateway, ['Ann', 'Able']);
      const bob = await signIn(gateway, ['Bob', 'Baker']);
      // Ann: an iPhone whose token FCM no longer knows, and a browser whose push service is down once.
      await register(ann, 'ios', 'fcm-ann-stale-iphone');
      fcm.script('fcm-ann-stale-iphone', fcmError(404, 'UNREGISTERED', 'Requested entity was not found.'));
      const annBrowser = pushService.subscribe();
      pushService.script(annBrowser, { status: 503 });
      await register(ann, 'web', annBrowser.subscription);
      // Bob: an Android phone FCM fails once for, a browser that unsubscribed (410 Gone), and a phone Twilio fails once for.
      await register(bob, 'android', 'fcm-bob-android');
      fcm.script('fcm-bob-android', fcmError(500, 'INTERNAL', 'Internal error encountered.'));
      const bobBrowser = pushService.subscribe();
      pushService.script(bobBrowser, { status: 410 });
      await register(bob, 'web', bobBrowser.subscription);
      texts.script(bob.phone, { status: 500, code: 20500, message: 'Internal Server Error' });

      const created = await ann.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Bob Baker', recipientPhone: bob.phone, reason: 'Shipped with me', skills: 'Go', characterTraits: null, accomplishments: null })
        .expect(201);
      await bob.agent.put('/api/vouches/respond').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
      // Written by the requests, in their transactions; nothing has been sent yet.
      expect((await listNotificationsOf(t.db, bob.memberId)).map((row) => row.kind)).toEqual(['vouch_received']);
      expect((await listNotificationsOf(t.db, ann.memberId)).map((row) => row.kind)).toEqual(['vouch_accepted']);
      expect(fcm.sends).toEqual([]);
      expect(texts.messages).toEqual([]);

      await startWorkers();
      await eventually(async () => {
        for (const who of [ann, bob]) {
          expect((await listDeliveriesOf(t.db, who.memberId)).length).toBeGreaterThan(0);
          expect(await pending(who)).toEqual([]);
        }
      });

      // Twilio: Bob's phone failed once (500), then got one text with the vouch's own link.
      expect(texts.messages.filter((m) => m.to === bob.phone).map((m) => m.status)).toEqual([500, 201]);
      expect(texts.delivered(bob.phone)).toEqual([`Vouch: Ann Able vouched for you. See it and accept: ${PUBLIC_URL}/vouch/${created.body.vouchToken} Reply STOP to opt out.`]);
      expect(texts.messages.every((m) => m.messagingServiceSid === FAKE_MESSAGING_ENV.TWILIO_MESSAGING_SERVICE_SID)).toBe(true);
      // Ann chose nothing: an accepted vouch is not texted by default.
      expect(texts.messages.filter((m) => m.to === ann.phone)).toEqual([]);

      // FCM: Bob's phone failed once (500), then got the notification, with its object and links; Ann's stale token was refused once.
      const toBob = fcm.sends.filter((send) => send.message.token === 'fcm-bob-android');
      expect(toBob.map((send) => send.status)).toEqual([500, 200]);
      expect(toBob[1]).toMatchObject({
        projectId: fcm.projectId,
        message: {
          notification: { title: 'New Vouch', body: 'Ann Able vouched for you.' },
          data: { kind: 'vouch_received', objectType: 'vouch', objectId: String(created.body.id), link: `/vouch/${created.body.vouchToken}`, url: `${PUBLIC_URL}/vouch/${created.body.vouchToken}`, badge: '1' },
          android: { collapse_key: `vouch-${created.body.id}` },
          apns: { headers: { 'apns-collapse-id': `vouch-${created.body.id}` } },
        },
      });
      expect(fcm.sends.filter((send) => send.message.token === 'fcm-ann-stale-iphone').map((send) => send.status)).toEqual([404]);
      expect(fcm.tokensIssued).toBeGreaterThan(0);

      // Web Push: signed with our VAPID key, encrypted for the browser; Ann's after a 503, Bob's 410.
      const toAnn = pushService.deliveries.filter((d) => annBrowser.subscription.endpoint.endsWith(d.subscriptionId));
      expect(toAnn.map((d) => d.status)).toEqual([503, 201]);
      for (const delivery of pushService.deliveries) expect(delivery).toMatchObject({ vapidValid: true, vapidKey: vapid.publicKey, topic: `vouch-${created.body.id}` });
      expect(JSON.parse(toAnn[1]?.payload ?? 'null')).toMatchObject({ kind: 'vouch_accepted', title: 'Vouch accepted', body: 'Bob Baker accepted your Vouch.', link: `/my-vouches?tab=sent&vouch=${created.body.id}`, objectType: 'vouch', objectId: created.body.id, tag: `vouch-${created.body.id}` });
      expect(pushService.deliveries.filter((d) => bobBrowser.subscription.endpoint.endsWith(d.subscriptionId)).map((d) => d.status)).toEqual([410]);

      // The dead ones are gone; the live ones stay.
      expect(await devices(ann)).toEqual(['web']);
      expect(await devices(bob)).toEqual(['android']);
    });

    it('pushes the introduction steps to the people they concern, never to the one who took the step, each opening the introduction', async () => {
      const [rita, ana, ben] = [await signIn(gateway, ['Rita', 'Ross']), await signIn(gateway, ['Ana', 'Ames']), await signIn(gateway, ['Ben', 'Burr'])];
      for (const [member, token] of [[rita, 'fcm-rita'], [ana, 'fcm-ana'], [ben, 'fcm-ben']] as const) await register(member, 'android', token);
      const vouch = async (from: SignedInMember, to: SignedInMember) => {
        const res = await from.agent.post('/api/vouches').send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'Trusted', skills: 'React', characterTraits: null, accomplishments: null }).expect(201);
        await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
      };
      await vouch(rita, ana);
      await vouch(ana, ben);
      const requestId = (await rita.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201)).body.id;
      const suggestionId = (await ana.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: ben.memberId, reasoning: 'Ben led our React rewrite' }).expect(201)).body.id;
      await rita.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);
      const introduction = ((await ben.agent.get('/api/introductions').expect(200)).body as Array<{ id: number; suggestionId: number }>).find((i) => i.suggestionId === suggestionId)!;
      await ben.agent.post(`/api/introductions/${introduction.id}/accept`).expect(200);

      await startWorkers();
      // Two workers deliver side by side, so a device's pushes may arrive in any order: compare what each person got.
      const kindsTo = (token: string) => fcm.sends.filter((send) => send.message.token === token && send.status === 200).map((send) => send.message.data.kind).sort();
      await eventually(() => {
        expect(kindsTo('fcm-rita')).toEqual(['introduction_agreed', 'suggestion_received', 'vouch_accepted']);
        expect(kindsTo('fcm-ana')).toEqual(['introduction_agreed', 'suggestion_accepted', 'vouch_accepted', 'vouch_received']);
        expect(kindsTo('fcm-ben')).toEqual(['introduction_asked', 'vouch_received']);
      });
      const asked = fcm.sends.find((send) => send.message.token === 'fcm-ben' && send.message.data.kind === 'introduction_asked')!;
      expect(asked.message).toMatchObject({
        notification: { title: 'Introduction request', body: 'Rita Ross would like an introduction to you, suggested by Ana Ames. Answer in Introduction Requests → Introductions.' },
        data: { objectType: 'introduction', objectId: String(introduction.id), link: `/introduction-requests?tab=introductions&introduction=${introduction.id}` },
      });
      // The texts carry names and numbers, never the request's own words.
      await eventually(() => expect(texts.delivered(ben.phone).filter((body) => body.includes('introduction to you'))).toHaveLength(1));
      expect(texts.delivered(ben.phone).find((body) => body.includes('introduction to you'))).toBe(
        `Vouch: Rita Ross would like an introduction to you, suggested by Ana Ames. Agree or decline within 14 days: ${PUBLIC_URL}/introduction-requests?tab=introductions&introduction=${introduction.id} Reply STOP to opt out.`,
      );
    });

    it('sends nothing on a channel the member turned off', async () => {
      const cy = await signIn(gateway, ['Cy', 'Coe']);
      const dee = await signIn(gateway, ['Dee', 'Dunn']);
      await register(dee, 'android', 'fcm-dee-android');
      await dee.agent.patch('/api/notification-preferences').send({ vouch_received: { text: false, push: false } }).expect(200);
      await cy.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Dee Dunn', recipientPhone: dee.phone, reason: 'Great', skills: 'Rust', characterTraits: null, accomplishments: null })
        .expect(201);
      await startWorkers();
      // The bell has it; the outbox row is fanned out, to nothing.
      await eventually(async () => expect((await outboxLag(t.db)).notifications).toBe(0));
      expect((await dee.agent.get('/api/activities').expect(200)).body[0]).toMatchObject({ type: 'vouch_created', unread: true });
      expect(await listDeliveriesOf(t.db, dee.memberId)).toEqual([]);
      expect(texts.messages.filter((m) => m.to === dee.phone)).toEqual([]);
      expect(fcm.sends.filter((send) => send.message.token === 'fcm-dee-android')).toEqual([]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
