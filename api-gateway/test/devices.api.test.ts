// Devices and notification settings (issue 29) through the gateway on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: who may register, see and remove a device, the sentences a
// malformed registration gets, a token registered twice, push turned off, and per-kind settings.
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { NOTIFICATION_KINDS } from '@vouch/contracts';
import { createLogger } from '@vouch/service-core';
import { newVapidKeys, startFakeFcm, startFakeWebPush, type FakeFcm, type FakeWebPush } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';

jest.setTimeout(60_000);

describeEachDatabase(
  'devices and notification settings',
  (t: TestContext) => {
    let fcm: FakeFcm;
    let pushService: FakeWebPush;
    let gateway: SignInTarget;
    const vapid = newVapidKeys();
    let ann: SignedInMember;
    let bob: SignedInMember;

    beforeAll(async () => {
      fcm = await startFakeFcm();
      pushService = await startFakeWebPush();
      const app = t.createApp({ env: { FCM_CREDENTIALS_FILE: fcm.credentialsFile, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example', WEB_PUSH_HOSTS: 'push.example.test' } });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
      ann = await signIn(gateway, ['Ann', 'Able']);
      bob = await signIn(gateway, ['Bob', 'Baker']);
    });
    afterAll(async () => {
      await fcm?.close();
      await pushService?.close();
    });

    const register = (who: SignedInMember, body: unknown) => who.agent.post('/api/devices').send(body as object);

    it('tells any client which platforms get push and the key a browser subscribes with', async () => {
      const res = await gateway.request.get('/api/devices/push-config').expect(200);
      expect(res.body).toEqual({ platforms: ['ios', 'android', 'web'], webPushPublicKey: vapid.publicKey });
    });

    it('refuses a client that is not signed in', async () => {
      await gateway.request.get('/api/devices').expect(401);
      await gateway.request.post('/api/devices').send({ platform: 'ios', token: 'x', appVersion: '1.0' }).expect(401);
      await gateway.request.get('/api/notification-settings').expect(401);
    });

    it('answers a malformed registration with a sentence per field, and stores nothing', async () => {
      const unknown = await register(ann, { platform: 'blackberry', token: 'x', appVersion: '1.0' }).expect(400);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'platform', message: expect.stringMatching(/^Platform must be one of/) })]);
      const webText = await register(ann, { platform: 'web', token: 'a-token', appVersion: '1.0' }).expect(400);
      expect(webText.body.detail).toBe('Token must be the browser PushSubscription object { endpoint, keys: { p256dh, auth } } for platform web.');
      const iosObject = await register(ann, { platform: 'ios', token: pushService.subscribe().subscription, appVersion: '1.0' }).expect(400);
      expect(iosObject.body.detail).toBe('Token must be the FCM registration token (text) for platform ios.');
      const plainHttp = pushService.subscribe().subscription;
      const insecure = await register(ann, { platform: 'web', token: { ...plainHttp, endpoint: plainHttp.endpoint.replace('https:', 'http:') }, appVersion: '1.0' }).expect(400);
      expect(insecure.body.detail).toBe('Endpoint must be the https URL of the browser push service.');
      const elsewhere = pushService.subscribe().subscription;
      const internal = await register(ann, { platform: 'web', token: { ...elsewhere, endpoint: 'https://10.0.0.5/admin' }, appVersion: '1.0' }).expect(400);
      expect(internal.body.errors).toEqual([{ field: 'token.endpoint', message: 'Endpoint must be on a browser push service.' }]);
      const noVersion = await register(ann, { platform: 'android', token: 'abc' }).expect(400);
      expect(noVersion.body.errors).toEqual([expect.objectContaining({ field: 'appVersion' })]);
      expect((await ann.agent.get('/api/devices').expect(200)).body).toEqual([]);
    });

    it('answers a malformed Web Push endpoint 400, never 500, and writes no endpoint to the log (issue 40)', async () => {
      const lines: string[] = [];
      const destination = new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      const app = t.createApp({ env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example', WEB_PUSH_HOSTS: 'push.example.test' }, logger: createLogger({ level: 'debug', destination }) });
      const member = await signIn({ request: supertest(app), agent: () => supertest.agent(app) }, ['Eve', 'Endpoint']);
      const { keys } = pushService.subscribe().subscription;
      const malformed = [
        'https://push.example.test:99999/zq7-port-path',
        'https://[push.example.test]/zq7-bracket-path',
        'https://push.example.test/zq7 space path',
        'https:///zq7-no-host-path',
        'not-a-url-zq7-endpoint',
        `https://push.example.test/${'zq7-long-path'.repeat(200)}`,
      ];
      lines.splice(0);
      for (const endpoint of malformed) {
        const res = await member.agent.post('/api/devices').send({ platform: 'web', token: { endpoint, keys }, appVersion: '1.0' });
        expect([endpoint.slice(0, 40), res.status]).toEqual([endpoint.slice(0, 40), 400]);
        expect(res.body.errors).toEqual([expect.objectContaining({ field: 'token.endpoint' })]);
        expect(JSON.stringify(res.body)).not.toContain('zq7');
      }
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => /zq7/.test(line))).toEqual([]);
      expect((await member.agent.get('/api/devices').expect(200)).body).toEqual([]);
    });

    it('registers a device once: the same token again is one device, and it moves to whoever registered it last, with the same answer (issue 40)', async () => {
      const first = await register(ann, { platform: 'ios', token: 'fcm-token-shared-phone', appVersion: '1.0 (1)' }).expect(201);
      expect(first.body).toEqual({ id: expect.any(Number), platform: 'ios', appVersion: '1.0 (1)', createdAt: expect.any(String), updatedAt: expect.any(String) });
      const again = await register(ann, { platform: 'ios', token: 'fcm-token-shared-phone', appVersion: '1.1 (2)' }).expect(201);
      expect(again.body).toMatchObject({ appVersion: '1.1 (2)' });
      expect((await ann.agent.get('/api/devices').expect(200)).body).toEqual([again.body]);
      // The phone signs into Bob's account: the device is Bob's now, not Ann's; nothing says whether it was known.
      const moved = await register(bob, { platform: 'ios', token: 'fcm-token-shared-phone', appVersion: '1.1 (2)' }).expect(201);
      expect(Object.keys(moved.body).sort()).toEqual(Object.keys(first.body).sort());
      expect((await ann.agent.get('/api/devices').expect(200)).body).toEqual([]);
      expect((await bob.agent.get('/api/devices').expect(200)).body).toEqual([moved.body]);
    });

    it('registers a browser by its PushSubscription and never shows a token back', async () => {
      const browser = pushService.subscribe();
      const res = await register(ann, { platform: 'web', token: browser.subscription, appVersion: 'web 2026.11' }).expect(201);
      const listed = (await ann.agent.get('/api/devices').expect(200)).body;
      expect(listed).toEqual([res.body]);
      expect(JSON.stringify(listed)).not.toContain(browser.subscription.endpoint);
    });

    it("lets only the owner remove a device: someone else's is not found, and so is one removed already", async () => {
      const device = (await register(ann, { platform: 'android', token: 'fcm-token-ann-android', appVersion: '3.0' }).expect(201)).body;
      expect((await bob.agent.delete(`/api/devices/${device.id}`).expect(404)).body.detail).toBe('You have no device with this id.');
      await bob.agent.delete('/api/devices/not-a-number').expect(404);
      await ann.agent.delete(`/api/devices/${device.id}`).expect(204);
      await ann.agent.delete(`/api/devices/${device.id}`).expect(404);
      expect((await ann.agent.get('/api/devices').expect(200)).body.map((d: { id: number }) => d.id)).not.toContain(device.id);
    });

    it('refuses a registration for a platform whose push is off, saying so, and stores nothing', async () => {
      const noPush = t.createApp({ env: { PUSH: 'off' } });
      const client = { request: supertest(noPush), agent: () => supertest.agent(noPush) };
      const cy = await signIn(client, ['Cy', 'Coe']);
      expect((await client.request.get('/api/devices/push-config').expect(200)).body).toEqual({ platforms: [], webPushPublicKey: null });
      const res = await cy.agent.post('/api/devices').send({ platform: 'android', token: 'fcm-token-cy', appVersion: '1.0' }).expect(503);
      expect(res.body).toMatchObject({ code: 'PUSH_NOT_CONFIGURED', detail: 'Push notifications for android are off on this server (FCM is not configured), so the device was not registered.' });
      expect((await cy.agent.get('/api/devices').expect(200)).body).toEqual([]);
    });

    it("exports a member's devices without their tokens, and deleting the account removes them", async () => {
      const eve = await signIn(gateway, ['Eve', 'Earl']);
      const device = (await register(eve, { platform: 'android', token: 'fcm-token-eve', appVersion: '2.0' }).expect(201)).body;
      await eve.agent.patch('/api/notification-settings').send({ introduction_asked: false }).expect(200);
      const exported = (await eve.agent.get('/api/account/export').expect(200)).body;
      expect(exported.notifications).toEqual({
        activities: [],
        devices: [device],
        preferences: expect.objectContaining({ introduction_asked: { text: true, push: false }, vouch_received: { text: true, push: true } }),
      });
      expect(JSON.stringify(exported)).not.toContain('fcm-token-eve');
      await eve.agent.delete('/api/account').expect(204);
      // The token is free again: registering it is a new device, not Eve's.
      const again = await register(ann, { platform: 'android', token: 'fcm-token-eve', appVersion: '2.0' }).expect(201);
      expect(again.body.id).not.toBe(device.id);
    });

    it('has every kind on at first, changes only the kinds named, and refuses unknown kinds and values', async () => {
      const initial = (await bob.agent.get('/api/notification-settings').expect(200)).body;
      expect(Object.values(initial)).toEqual(Array(NOTIFICATION_KINDS.length).fill(true));
      const changed = (await bob.agent.patch('/api/notification-settings').send({ vouch_accepted: false, suggestion_received: false }).expect(200)).body;
      expect(changed).toEqual({ ...initial, vouch_accepted: false, suggestion_received: false });
      const back = (await bob.agent.patch('/api/notification-settings').send({ suggestion_received: true }).expect(200)).body;
      expect(back).toEqual({ ...initial, vouch_accepted: false });
      expect((await bob.agent.get('/api/notification-settings').expect(200)).body).toEqual(back);
      // Ann's settings are her own.
      expect((await ann.agent.get('/api/notification-settings').expect(200)).body).toEqual(initial);

      expect((await bob.agent.patch('/api/notification-settings').send({}).expect(400)).body.detail).toMatch(/^Name at least one kind to change: vouch_received, /);
      expect((await bob.agent.patch('/api/notification-settings').send({ birthdays: false }).expect(400)).body.detail).toMatch(/birthdays/);
      expect((await bob.agent.patch('/api/notification-settings').send({ vouch_received: 'no' }).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'vouch_received' })]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
