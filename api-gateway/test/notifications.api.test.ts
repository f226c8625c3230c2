// One way to reach a member (issue 40), on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
// Members take every step another member hears of — a vouch given, accepted and declined, an ask
// made and declined, a suggestion, its acceptance, an introduction agreed or declined — with their
// preferences and devices drawn at random (fast-check), and two delivery passes run at once. Every
// notification reaches its recipient's bell once, and each channel they chose once (a text with the
// object's https link, a push per device with the object's kind, id, links, badge and collapse id),
// and no channel they did not; every recipient opens the object by id. Then: the preference API,
// devices that belong to a session (sign-out, a cap of ten, a token taken over), endpoint checks,
// and Twilio's STOP.
import fc from 'fast-check';
import supertest from 'supertest';
import twilio from 'twilio';
import { channelOnByDefault, NOTIFICATION_KINDS, type DevicePlatform, type NotificationKind, type PushMessage } from '@vouch/contracts';
import { deliverDueNotifications, type DeliveryChannels, type PushSender, type TextSender } from '@vouch/service-notifications/worker';
import { FAKE_MESSAGING_ENV, listDeliveriesOf, listNotificationsOf, newVapidKeys } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type SignInTarget, type TestContext } from './support';

jest.setTimeout(180_000);

const PUBLIC_URL = 'https://vouch.example';
const vapid = newVapidKeys();
/** The gateway takes Android devices (FCM configured); the senders below stand in for FCM and Twilio. */
const PUSH_ENV = { FCM_PROJECT_ID: 'vouch-test', FCM_CLIENT_EMAIL: 'push@vouch-test.iam.gserviceaccount.com', FCM_PRIVATE_KEY: 'unused', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@vouch.example' };

interface Recorded {
  texts: Array<{ to: string; body: string }>;
  pushes: Array<{ token: string; message: PushMessage }>;
}

/** Stand-ins for Twilio and FCM that record what they were given (a real send takes a moment, so concurrent passes overlap). */
function recordingChannels(): { channels: DeliveryChannels; recorded: Recorded } {
  const recorded: Recorded = { texts: [], pushes: [] };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  const text: TextSender = {
    name: 'recording texts',
    async send(to, body) {
      await pause();
      recorded.texts.push({ to, body });
      return { result: 'sent' };
    },
  };
  const push: PushSender = {
    name: 'recording push',
    async send(device: { platform: DevicePlatform; token: string }, message: PushMessage) {
      await pause();
      recorded.pushes.push({ token: device.token, message });
      return { result: 'sent' };
    },
  };
  return { channels: { text, push: { android: push, ios: push }, publicUrl: PUBLIC_URL }, recorded };
}

/** Where each object is opened by id. */
const OBJECT_PATHS: Record<string, string> = {
  vouch: '/api/vouches',
  vouch_ask: '/api/vouch-asks',
  introduction: '/api/introductions',
  introduction_request: '/api/introduction-requests',
  suggestion: '/api/introduction-suggestions',
};

type Choice = { text: boolean; push: boolean };
const choices = fc.record({ text: fc.boolean(), push: fc.boolean() });
const memberSetup = fc.record({
  preferences: fc.dictionary(fc.constantFrom(...NOTIFICATION_KINDS), choices, { maxKeys: NOTIFICATION_KINDS.length }),
  devices: fc.integer({ min: 0, max: 2 }),
});

describeEachDatabase(
  'notifications: every event reaches each recipient once, on the channels they chose',
  (t: TestContext) => {
    let gateway: SignInTarget;
    beforeAll(() => {
      const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, ...PUSH_ENV, PUBLIC_URL } });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
    });

    /** Every kind of event, between four members: A–B and B–C are 1°, the rest follows from the steps. */
    async function everyEvent(members: SignedInMember[], targetAgrees: boolean): Promise<void> {
      const [a, b, c] = members as [SignedInMember, SignedInMember, SignedInMember, SignedInMember];
      await vouchAndAccept(a, b); // vouch_received → B, vouch_accepted → A
      await vouchAndAccept(b, c);
      const declined = await a.agent.post('/api/vouches').send({ type: 'invite', recipientName: c.name, recipientPhone: c.phone, reason: null, skills: null, characterTraits: null, accomplishments: null }).expect(201);
      await c.agent.put('/api/vouches/respond').send({ vouchToken: declined.body.vouchToken, action: 'reject' }).expect(200); // vouch_declined → A
      const ask = await a.agent.post('/api/vouch-asks').send({ memberId: b.memberId, message: 'Would you?' }).expect(201); // vouch_asked → B
      await b.agent.post(`/api/vouch-asks/${ask.body.id}/decline`).send({}).expect(200); // ask_declined → A
      const request = await a.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'Teamwork', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201);
      const suggestion = await b.agent.post('/api/introduction-suggestions').send({ requestId: request.body.id, suggestedPersonId: c.memberId, reasoning: 'C is great' }).expect(201); // suggestion_received → A
      await a.agent.post(`/api/introduction-suggestions/${suggestion.body.id}/accept`).expect(200); // suggestion_accepted → B, introduction_asked → C
      const introduction = ((await c.agent.get('/api/introductions').expect(200)).body as Array<{ id: number }>)[0]!;
      await c.agent.post(`/api/introductions/${introduction.id}/${targetAgrees ? 'accept' : 'decline'}`).expect(200); // introduction_agreed / _declined → A, B
      // The three people an introduction joins all open its request.
      for (const who of [a, b, c]) await who.agent.get(`/api/introduction-requests/${request.body.id}`).expect(200);
      // Addressed to C through B (issue 44): connector_asked → B; B forwards: introduction_forwarded → A, introduction_asked → C.
      const addressed = await a.agent.post('/api/introduction-requests').send({ targetId: c.memberId, connectorId: b.memberId, reason: 'To meet C' }).expect(201);
      const forwarded = await b.agent.post(`/api/introduction-requests/${addressed.body.id}/forward`).send({ note: 'A is great' }).expect(200);
      await c.agent.post(`/api/introductions/${forwarded.body.introductionId}/${targetAgrees ? 'accept' : 'decline'}`).expect(200); // introduction_agreed / _declined → A, B
    }

    it('reaches the bell once, each chosen channel once and no other, with links that open the object, whatever the preferences and however many passes run', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(memberSetup, { minLength: 4, maxLength: 4 }), fc.boolean(), async (setups, targetAgrees) => {
          const members: SignedInMember[] = [];
          for (const [i, setup] of setups.entries()) {
            const member = await signIn(gateway, ['Pat', `Prop${String.fromCharCode(65 + i)}${Math.random().toString(36).slice(2, 6)}`]);
            if (Object.keys(setup.preferences).length > 0) await member.agent.patch('/api/notification-preferences').send(setup.preferences).expect(200);
            for (let d = 0; d < setup.devices; d++) await member.agent.post('/api/devices').send({ platform: 'android', token: `fcm-${member.memberId}-${d}`, appVersion: '1' }).expect(201);
            members.push(member);
          }
          await everyEvent(members, targetAgrees);

          const { channels, recorded } = recordingChannels();
          await Promise.all([deliverDueNotifications(t.db, channels), deliverDueNotifications(t.db, channels)]);
          await deliverDueNotifications(t.db, channels);

          const kindsSeen = new Set<NotificationKind>();
          for (const [i, member] of members.entries()) {
            const wanted = (kind: NotificationKind): Choice => setups[i]!.preferences[kind] ?? { text: channelOnByDefault(kind, 'text'), push: channelOnByDefault(kind, 'push') };
            const notifications = await listNotificationsOf(t.db, member.memberId);
            const bell = (await member.agent.get('/api/activities?limit=100').expect(200)).body as Array<{ id: number; objectType: string; objectId: number; link: string; bySelf: boolean }>;
            const deliveries = await listDeliveriesOf(t.db, member.memberId);
            const textsToMember = recorded.texts.filter((x) => x.to === member.phone);
            const pushesToMember = recorded.pushes.filter((p) => p.token.startsWith(`fcm-${member.memberId}-`));
            let expectedTexts = 0;
            let expectedPushes = 0;
            for (const n of notifications) {
              kindsSeen.add(n.kind);
              // The bell: one item of another member's step, about this object, opening it.
              expect(bell.filter((item) => item.id === n.activityId)).toEqual([expect.objectContaining({ objectType: n.objectType, objectId: n.objectId, link: n.link, bySelf: false })]);
              // Every recipient opens the object by id.
              await member.agent.get(`${OBJECT_PATHS[n.objectType!]}/${n.objectId}`).expect(200);
              const choice = wanted(n.kind);
              const mine = deliveries.filter((d) => d.notificationId === n.id);
              const textWanted = choice.text && n.textBody !== null;
              expect(mine.filter((d) => d.channel === 'text')).toHaveLength(textWanted ? 1 : 0);
              expect(mine.filter((d) => d.channel === 'push')).toHaveLength(choice.push ? setups[i]!.devices : 0);
              expect(mine.every((d) => d.status === 'sent')).toBe(true);
              if (textWanted) {
                expectedTexts += 1;
                // Our words, the object's https link, the opt-out: and nothing a member wrote.
                expect(textsToMember.filter((x) => x.body === `${n.textBody} ${PUBLIC_URL}${n.link} Reply STOP to opt out.`)).toHaveLength(1);
              }
              if (choice.push) {
                expectedPushes += setups[i]!.devices;
                const pushed = pushesToMember.filter((p) => p.message.activityId === n.activityId);
                expect(pushed).toHaveLength(setups[i]!.devices);
                for (const p of pushed) {
                  expect(p.message).toMatchObject({ kind: n.kind, objectType: n.objectType, objectId: n.objectId, link: n.link, url: `${PUBLIC_URL}${n.link}`, collapseId: `${n.objectType}-${n.objectId}` });
                  expect(p.message.badge).toBeGreaterThanOrEqual(1);
                }
              }
            }
            // Nothing else went out to them: each channel once per notification, whatever the passes.
            expect(textsToMember).toHaveLength(expectedTexts);
            expect(pushesToMember).toHaveLength(expectedPushes);
          }
          // Each step told the others, never the one who took it: A hears of seven steps, B seven, C four.
          const [a, b, c, d] = members as [SignedInMember, SignedInMember, SignedInMember, SignedInMember];
          const kindsOf = async (m: SignedInMember) => (await listNotificationsOf(t.db, m.memberId)).map((n) => n.kind).sort();
          const answered = targetAgrees ? 'introduction_agreed' : 'introduction_declined';
          expect(await kindsOf(a)).toEqual(['ask_declined', 'suggestion_received', 'vouch_accepted', 'vouch_declined', answered, 'introduction_forwarded', answered].sort());
          expect(await kindsOf(b)).toEqual(['suggestion_accepted', 'vouch_accepted', 'vouch_asked', 'vouch_received', answered, 'connector_asked', answered].sort());
          expect(await kindsOf(c)).toEqual(['introduction_asked', 'vouch_received', 'vouch_received', 'introduction_asked'].sort());
          expect(await kindsOf(d)).toEqual([]);
          expect(kindsSeen.size).toBe(NOTIFICATION_KINDS.length - 1);
        }),
        { numRuns: 4 },
      );
    });

    it('the preferences API: defaults, a change of one channel, and clear 400s', async () => {
      const member = await signIn(gateway, ['Pam', 'Prefs']);
      const defaults = (await member.agent.get('/api/notification-preferences').expect(200)).body;
      expect(defaults.vouch_received).toEqual({ text: true, push: true });
      expect(defaults.vouch_accepted).toEqual({ text: false, push: true });
      const changed = (await member.agent.patch('/api/notification-preferences').send({ vouch_asked: { text: false } }).expect(200)).body;
      expect(changed.vouch_asked).toEqual({ text: false, push: true });
      // The issue 29 settings are the push half.
      expect((await member.agent.patch('/api/notification-settings').send({ vouch_asked: false }).expect(200)).body.vouch_asked).toBe(false);
      expect((await member.agent.get('/api/notification-preferences').expect(200)).body.vouch_asked).toEqual({ text: false, push: false });
      expect((await member.agent.patch('/api/notification-preferences').send({}).expect(400)).body.detail).toMatch(/^Name at least one kind and channel to change/);
      expect((await member.agent.patch('/api/notification-preferences').send({ vouch_asked: { email: true } }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await member.agent.patch('/api/notification-preferences').send({ no_such_kind: { text: true } }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      await gateway.request.get('/api/notification-preferences').expect(401);
    });

    it('a device belongs to its session: sign-out unregisters it, and nothing more is sent to it', async () => {
      const maya = await signIn(gateway, ['Maya', 'Mobile']);
      const marcus = await signIn(gateway, ['Marcus', 'Sender']);
      await maya.agent.post('/api/devices').send({ platform: 'android', token: 'fcm-maya-phone', appVersion: '1' }).expect(201);
      await maya.agent.post('/api/auth/logout').send({}).expect(200);
      const again = await signIn(gateway, ['Maya', 'Mobile'], { phone: maya.phone });
      expect((await again.agent.get('/api/devices').expect(200)).body).toEqual([]);
      await marcus.agent.post('/api/vouches').send({ type: 'recommendation', recipientName: 'Maya Mobile', recipientPhone: maya.phone, reason: 'Great', skills: 'Go', characterTraits: null, accomplishments: null }).expect(201);
      const { channels, recorded } = recordingChannels();
      await deliverDueNotifications(t.db, channels);
      expect(recorded.pushes.filter((p) => p.token === 'fcm-maya-phone')).toEqual([]);
      expect(recorded.texts.filter((x) => x.to === maya.phone)).toHaveLength(1);
    });

    it('a device whose session ended another way (expired, ended elsewhere) is never delivered to, and goes', async () => {
      const lea = await signIn(gateway, ['Lea', 'Lapsed']);
      const kit = await signIn(gateway, ['Kit', 'Sender']);
      await lea.agent.post('/api/devices').send({ platform: 'android', token: 'fcm-lea-old-phone', appVersion: '1' }).expect(201);
      // Her session ran out: nothing told the notifications service.
      await t.db.sequelize.query('UPDATE sessions SET expires_at = ? WHERE member_id = ?', { replacements: [new Date(Date.now() - 1000), lea.memberId] });
      await kit.agent.post('/api/vouches').send({ type: 'recommendation', recipientName: 'Lea Lapsed', recipientPhone: lea.phone, reason: 'Great', skills: 'Go', characterTraits: null, accomplishments: null }).expect(201);
      const { channels, recorded } = recordingChannels();
      expect(await deliverDueNotifications(t.db, channels)).toMatchObject({ pruned: 1 });
      expect(recorded.pushes.filter((p) => p.token === 'fcm-lea-old-phone')).toEqual([]);
      const again = await signIn(gateway, ['Lea', 'Lapsed'], { phone: lea.phone });
      expect((await again.agent.get('/api/devices').expect(200)).body).toEqual([]);
    });

    it('a token another member held moves to the one who registers it, with the same answer; ten devices at most; a bad endpoint is a 400', async () => {
      const first = await signIn(gateway, ['Fay', 'First']);
      const second = await signIn(gateway, ['Sid', 'Second']);
      const taken = await first.agent.post('/api/devices').send({ platform: 'android', token: 'fcm-handed-over', appVersion: '1' }).expect(201);
      const moved = await second.agent.post('/api/devices').send({ platform: 'android', token: 'fcm-handed-over', appVersion: '1' }).expect(201);
      expect(Object.keys(moved.body).sort()).toEqual(Object.keys(taken.body).sort());
      expect((await first.agent.get('/api/devices').expect(200)).body).toEqual([]);
      expect((await second.agent.get('/api/devices').expect(200)).body).toHaveLength(1);

      for (let i = 0; i < 12; i++) await first.agent.post('/api/devices').send({ platform: 'android', token: `fcm-many-${i}`, appVersion: String(i) }).expect(201);
      const kept = (await first.agent.get('/api/devices').expect(200)).body as Array<{ appVersion: string }>;
      expect(kept.map((d) => d.appVersion).sort((x, y) => Number(x) - Number(y))).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);

      const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
      for (const endpoint of ['https://[', 'https://', 'http://fcm.googleapis.com/x', 'https://evil.example/push']) {
        const res = await first.agent.post('/api/devices').send({ platform: 'web', token: { endpoint, keys }, appVersion: '1' }).expect(400);
        expect(res.body.detail).toMatch(/Endpoint must be/);
      }
    });

    it('a text answered STOP turns every kind\'s text off; START turns them back on; an unsigned webhook is refused', async () => {
      const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, ...FAKE_MESSAGING_ENV, PUBLIC_URL } });
      const twilioGateway = { request: supertest(app), agent: () => supertest.agent(app) };
      const member = await signIn(twilioGateway, ['Sue', 'Stop']);
      const url = `${PUBLIC_URL}/api/webhooks/twilio/messages`;
      const form = { From: member.phone, To: '+15005550006', Body: 'STOP', OptOutType: 'STOP', MessageSid: 'SM123' };
      const signature = twilio.getExpectedTwilioSignature(FAKE_MESSAGING_ENV.TWILIO_AUTH_TOKEN, url, form);
      await twilioGateway.request.post('/api/webhooks/twilio/messages').type('form').set('X-Twilio-Signature', 'forged').send(form).expect(400);
      const answer = await twilioGateway.request.post('/api/webhooks/twilio/messages').type('form').set('X-Twilio-Signature', signature).send(form).expect(200);
      expect(answer.text).toContain('<Response>');
      const stopped = (await member.agent.get('/api/notification-preferences').expect(200)).body as Record<string, Choice>;
      expect(Object.values(stopped).every((c) => c.text === false)).toBe(true);
      const start = { ...form, Body: 'START', OptOutType: 'START' };
      await twilioGateway.request.post('/api/webhooks/twilio/messages').type('form').set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(FAKE_MESSAGING_ENV.TWILIO_AUTH_TOKEN, url, start)).send(start).expect(200);
      expect((await member.agent.get('/api/notification-preferences').expect(200)).body.vouch_received).toEqual({ text: true, push: true });
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
