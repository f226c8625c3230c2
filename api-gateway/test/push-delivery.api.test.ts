// Push delivery end to end (issue 29) on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL: members
// register phones and browsers, a vouch is given and accepted, and the worker delivers what the
// bell shows to a local fake FCM (behind a fake Google token endpoint) and a fake Web Push service,
// through the real firebase-admin and web-push. A 500 from FCM and a 503 from the push service are
// retried with backoff; a token FCM calls UNREGISTERED and a subscription answered 410 are pruned.
import supertest from 'supertest';
import path from 'node:path';
import { fcmError, listOutboxRows, newVapidKeys, startFakeFcm, startFakeWebPush, type FakeFcm, type FakeWebPush } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './support/worker-process';

jest.setTimeout(90_000);

/** Polls until `check` stops throwing (the worker runs on its own clock). */
async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000): Promise<void> {
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

describeEachDatabase(
  'push delivery by the worker',
  (t: TestContext) => {
    let fcm: FakeFcm;
    let pushService: FakeWebPush;
    let gateway: SignInTarget;
    let worker: WorkerProcess | undefined;
    const vapid = newVapidKeys();
    let env: Record<string, string>;

    beforeAll(async () => {
      fcm = await startFakeFcm();
      pushService = await startFakeWebPush();
      env = { NODE_ENV: 'test', FCM_CREDENTIALS_FILE: fcm.credentialsFile, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example', WEB_PUSH_HOSTS: 'push.example.test', PUSH_RETRY_BASE_MS: '50' };
      const app = t.createApp({ env });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
    });
    afterAll(async () => {
      if (worker) await stopWorkerProcess(worker);
      await fcm?.close();
      await pushService?.close();
    });

    const register = (who: SignedInMember, platform: string, token: unknown) => who.agent.post('/api/devices').send({ platform, token, appVersion: '1.0' }).expect(201);
    const devices = async (who: SignedInMember) => ((await who.agent.get('/api/devices').expect(200)).body as Array<{ platform: string }>).map((d) => d.platform);

    it('delivers a vouch received and a vouch accepted to every device, retrying failures and pruning dead tokens', async () => {
      const ann = await signIn(gateway, ['Ann', 'Able']);
      const bob = await signIn(gateway, ['Bob', 'Baker']);
      // Ann: an iPhone whose token FCM no longer knows, and a browser whose push service is down once.
      await register(ann, 'ios', 'fcm-ann-stale-iphone');
      fcm.script('fcm-ann-stale-iphone', fcmError(404, 'UNREGISTERED', 'Requested entity was not found.'));
      const annBrowser = pushService.subscribe();
      pushService.script(annBrowser, { status: 503 });
      await register(ann, 'web', annBrowser.subscription);
      // Bob: an Android phone FCM fails once for, and a browser that unsubscribed (410 Gone).
      await register(bob, 'android', 'fcm-bob-android');
      fcm.script('fcm-bob-android', fcmError(500, 'INTERNAL', 'Internal error encountered.'));
      const bobBrowser = pushService.subscribe();
      pushService.script(bobBrowser, { status: 410 });
      await register(bob, 'web', bobBrowser.subscription);

      const created = await ann.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Bob Baker', recipientPhone: bob.phone, reason: 'Shipped with me', skills: 'Go', characterTraits: null, accomplishments: null })
        .expect(201);
      await bob.agent.put('/api/vouches/respond').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
      // Written by the requests, in their transactions; nothing has been sent yet.
      expect((await listOutboxRows(t.db, bob.memberId)).map((row) => row.kind)).toEqual(['vouch_received', 'vouch_received']);
      expect((await listOutboxRows(t.db, ann.memberId)).map((row) => row.kind)).toEqual(['vouch_accepted', 'vouch_accepted']);
      expect(fcm.sends).toEqual([]);

      worker = await startWorkerProcess(
        t.databaseUrl,
        { ...env, WORKER_POLL_MS: '20', FAKE_FCM_PORT: String(fcm.port), FAKE_WEB_PUSH_PORT: String(pushService.port) },
        path.join(__dirname, 'support', 'push-worker.ts'),
      );

      await eventually(async () => {
        expect(await listOutboxRows(t.db, bob.memberId)).toEqual([]);
        expect(await listOutboxRows(t.db, ann.memberId)).toEqual([]);
      });

      // FCM: Bob's phone failed once (500), then got the notification; Ann's stale token was refused once.
      const toBob = fcm.sends.filter((send) => send.message.token === 'fcm-bob-android');
      expect(toBob.map((send) => send.status)).toEqual([500, 200]);
      expect(toBob[1]).toMatchObject({ projectId: fcm.projectId, message: { notification: { title: 'New Vouch', body: 'Ann Able vouched for you.' }, data: { kind: 'vouch_received', link: '/dashboard' } } });
      expect(fcm.sends.filter((send) => send.message.token === 'fcm-ann-stale-iphone').map((send) => send.status)).toEqual([404]);
      expect(fcm.tokensIssued).toBeGreaterThan(0);

      // Web Push: signed with our VAPID key, encrypted for the browser; Ann's after a 503, Bob's 410.
      const toAnn = pushService.deliveries.filter((d) => annBrowser.subscription.endpoint.endsWith(d.subscriptionId));
      expect(toAnn.map((d) => d.status)).toEqual([503, 201]);
      for (const delivery of pushService.deliveries) expect(delivery).toMatchObject({ vapidValid: true, vapidKey: vapid.publicKey });
      expect(JSON.parse(toAnn[1]?.payload ?? 'null')).toEqual({ kind: 'vouch_accepted', title: 'Vouch accepted', body: 'Bob Baker accepted your Vouch.', link: '/dashboard' });
      expect(pushService.deliveries.filter((d) => bobBrowser.subscription.endpoint.endsWith(d.subscriptionId)).map((d) => d.status)).toEqual([410]);

      // The dead ones are gone; the live ones stay.
      expect(await devices(ann)).toEqual(['web']);
      expect(await devices(bob)).toEqual(['android']);
    });

    it('pushes the introduction steps to the people they concern, never to the one who took the step', async () => {
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

      const kindsTo = (token: string) => fcm.sends.filter((send) => send.message.token === token && send.status === 200).map((send) => send.message.data.kind);
      await eventually(() => {
        expect(kindsTo('fcm-rita')).toEqual(['vouch_accepted', 'suggestion_received', 'introduction_agreed']);
        expect(kindsTo('fcm-ana')).toEqual(['vouch_received', 'vouch_accepted', 'suggestion_accepted', 'introduction_agreed']);
        expect(kindsTo('fcm-ben')).toEqual(['vouch_received', 'introduction_asked']);
      });
      const asked = fcm.sends.find((send) => send.message.token === 'fcm-ben' && send.message.data.kind === 'introduction_asked')!;
      expect(asked.message).toMatchObject({ notification: { title: 'Introduction request', body: 'Rita Ross would like an introduction to you, suggested by Ana Ames. Answer in Introduction Requests → Introductions.' }, data: { link: '/introduction-requests' } });
    });

    it('queues nothing for a kind the member turned off', async () => {
      const cy = await signIn(gateway, ['Cy', 'Coe']);
      const dee = await signIn(gateway, ['Dee', 'Dunn']);
      await register(dee, 'android', 'fcm-dee-android');
      await dee.agent.patch('/api/notification-settings').send({ vouch_received: false }).expect(200);
      await cy.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Dee Dunn', recipientPhone: dee.phone, reason: 'Great', skills: 'Rust', characterTraits: null, accomplishments: null })
        .expect(201);
      expect(await listOutboxRows(t.db, dee.memberId)).toEqual([]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
