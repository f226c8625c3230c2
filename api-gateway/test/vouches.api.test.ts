// Vouches through the real gateway (issue 5): create, public page, answer, lists, activities,
// counters and quota, on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import supertest from 'supertest';
import type { ServiceDefinition } from '@vouch/service-core';
import vouchesService, { vouchesRouter } from '@vouch/service-vouches';
import { notify, type NotificationEvent } from '@vouch/service-notifications';
import { VOUCH_MESSAGES, type ActivityType } from '@vouch/contracts';
import { allServices } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember, type TestContext } from './support';

/** The tests move the vouches clock by hand (expiry); sign-in keeps real time. */
let now = Date.now();
const clock = () => new Date(now);
const DAY = 24 * 60 * 60 * 1000;

const vouchesWithClock: ServiceDefinition = { ...vouchesService, router: (ctx) => vouchesRouter({ ...ctx, clock }) };
const services = allServices.map((s) => (s.name === 'vouches' ? vouchesWithClock : s));

const VOUCH_KEYS = [
  'relationship',
  'accomplishments',
  'acceptedAt',
  'characterTraits',
  'createdAt',
  'expiresAt',
  'id',
  'lastSharedAt',
  'publicToken',
  'reason',
  'recipientName',
  'recipientPhone',
  'skills',
  'status',
  'type',
  'voucherName',
  'vouchToken',
  // Issue 29: both members' ids (null on the public page) and the last change (sync).
  'voucherId',
  'recipientId',
  'updatedAt',
  // Issue 40: addressed to a member by id (told in the app; nothing to text).
  'addressedToMember',
];

function recommendation(recipientPhone: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'recommendation',
    recipientName: 'Grace Hopper',
    recipientPhone,
    reason: 'We shipped a compiler together.',
    characterTraits: 'Curious, relentless',
    skills: 'Compilers, COBOL',
    accomplishments: null,
    ...extra,
  };
}

function invite(recipientPhone: string, extra: Record<string, unknown> = {}) {
  return { type: 'invite', recipientName: 'Ivy Invitee', recipientPhone, reason: null, characterTraits: null, skills: null, accomplishments: null, ...extra };
}

async function vouch(agent: Agent, body: object) {
  const res = await agent.post('/api/vouches').send(body);
  if (res.status !== 201) throw new Error(`create vouch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; vouchToken: string; recipientPhone: string; type: string; status: string; expiresAt: string; createdAt: string };
}

const profile = async (agent: Agent) => (await agent.get('/api/user/profile').expect(200)).body.user;
const activities = async (agent: Agent) => (await agent.get('/api/activities').expect(200)).body as { id: number; type: string; description: string; createdAt: string }[];

describeEachDatabase(
  'vouches',
  (t: TestContext) => {
    beforeEach(() => {
      now = Date.now();
    });

    let voucher: SignedInMember;
    beforeAll(async () => {
      voucher = await signIn(t, ['Alan', 'Turing']);
      // The shared voucher sends many vouches: unlimited plan (local billing switches at once).
      await voucher.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
    });

    describe('creating a vouch', () => {
      it('a recommendation is 201 with exactly the SPEC §3 fields, a 192-bit URL-safe token, E.164 phone and a 30-day expiry', async () => {
        const res = await voucher.agent
          .post('/api/vouches')
          .send(recommendation('(555) 201-0001', { accomplishments: '   ' }))
          .expect(201);
        // The create answer alone also says whether the recipient is a member (issue 40).
        expect(Object.keys(res.body).sort()).toEqual([...VOUCH_KEYS, 'recipientIsMember'].sort());
        expect(res.body).toMatchObject({
          recipientIsMember: false,
          type: 'recommendation',
          status: 'pending',
          recipientName: 'Grace Hopper',
          recipientPhone: '+15552010001',
          reason: 'We shipped a compiler together.',
          characterTraits: 'Curious, relentless',
          skills: 'Compilers, COBOL',
          accomplishments: null,
          voucherName: 'Alan Turing',
          acceptedAt: null,
        });
        expect(res.body.vouchToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(res.body.publicToken).toBe(res.body.vouchToken);
        expect(new Date(res.body.createdAt).getTime()).toBe(now);
        expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.createdAt).getTime()).toBe(30 * DAY);
      });

      it('says the recipient is a member when the phone typed is one, or the member is named by id: they were told, there is no link to send', async () => {
        const member = await signIn(t, ['Mia', 'Member']);
        const byPhone = await voucher.agent.post('/api/vouches').send(recommendation(member.phone, { recipientName: 'Mia Member' })).expect(201);
        expect(byPhone.body).toMatchObject({ recipientIsMember: true, addressedToMember: false, recipientPhone: member.phone });
        // Told by the bell at once, by phone as by id.
        const bell = (await activities(member.agent)).find((a) => a.type === 'vouch_created');
        expect(bell?.description).toMatch(/Alan Turing vouched for you/);
        const other = await signIn(t, ['Ola', 'Other']);
        const byId = await voucher.agent.post('/api/vouches').send(recommendation(newPhone(), { recipientName: 'Ola Other', recipientPhone: undefined, recipientMemberId: other.memberId })).expect(201);
        expect(byId.body).toMatchObject({ recipientIsMember: true, addressedToMember: true });
        // Other reads of the vouch do not say.
        const read = await voucher.agent.get(`/api/vouches/${byPhone.body.id}`).expect(200);
        expect(read.body).not.toHaveProperty('recipientIsMember');
      });

      it('tokens differ from vouch to vouch', async () => {
        const a = await vouch(voucher.agent, recommendation(newPhone()));
        const b = await vouch(voucher.agent, recommendation(newPhone()));
        expect(a.vouchToken).not.toBe(b.vouchToken);
      });

      it.each([['5552010002'], ['15552010003'], ['+1 555 201 0004'], ['555.201.0005']])('normalises the phone written as %j', async (typed) => {
        const res = await voucher.agent.post('/api/vouches').send(recommendation(typed)).expect(201);
        expect(res.body.recipientPhone).toBe(`+1${typed.replace(/\D/g, '').slice(-10)}`);
      });

      it('an invite needs no message and no categories; empty strings are stored as null', async () => {
        const res = await voucher.agent.post('/api/vouches').send(invite(newPhone(), { reason: '', skills: '' })).expect(201);
        expect(res.body).toMatchObject({ type: 'invite', status: 'pending', reason: null, skills: null, characterTraits: null, accomplishments: null });
      });

      it('trims the recipient name and the texts', async () => {
        const res = await voucher.agent.post('/api/vouches').send(recommendation(newPhone(), { recipientName: '  Grace  Hopper ', reason: ' Trusted. ' })).expect(201);
        expect(res.body).toMatchObject({ recipientName: 'Grace  Hopper', reason: 'Trusted.' });
      });

      it('expires after VOUCH_EXPIRY_DAYS', async () => {
        const app = t.createApp({ services, env: { ...GENEROUS_AUTH_LIMITS, VOUCH_EXPIRY_DAYS: '7' } });
        const member = await signIn({ request: supertest(app), agent: () => supertest.agent(app) });
        const res = await member.agent.post('/api/vouches').send(recommendation(newPhone())).expect(201);
        expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.createdAt).getTime()).toBe(7 * DAY);
      });

      it('refuses a bad VOUCH_EXPIRY_DAYS at start', () => {
        expect(() => t.createApp({ env: { VOUCH_EXPIRY_DAYS: 'soon' } })).toThrow(/VOUCH_EXPIRY_DAYS/);
      });

      describe('refuses invalid input with the sentence a person reads, and writes nothing', () => {
        let member: SignedInMember;
        beforeAll(async () => {
          member = await signIn(t, ['Vera', 'Validation']);
        });
        afterEach(async () => {
          expect((await member.agent.get('/api/vouches/my').expect(200)).body).toEqual([]);
          expect(await activities(member.agent)).toEqual([]);
        });

        it.each([['555123'], ['+44 20 7946 0958'], ['25551234567'], ['call me'], [''], ['5551234567 ext 9'], ['(555) 123-45678']])('the phone %j: Please enter a valid 10-digit phone number.', async (phone) => {
          const res = await member.agent.post('/api/vouches').send(recommendation(phone)).expect(400);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(res.body).toMatchObject({ status: 400, detail: VOUCH_MESSAGES.invalidPhone, errors: [{ field: 'recipientPhone', message: VOUCH_MESSAGES.invalidPhone }] });
        });

        it.each([
          ['no category', { characterTraits: null, skills: null, accomplishments: null }],
          ['categories left out', { characterTraits: undefined, skills: undefined, accomplishments: undefined }],
          ['blank categories', { characterTraits: '  ', skills: '', accomplishments: null }],
        ])('a recommendation with %s: Please select at least one category to Vouch for.', async (_label, categories) => {
          const res = await member.agent.post('/api/vouches').send(recommendation(newPhone(), categories)).expect(400);
          // Each field of the body the rule is about (issue 45: no "categories" field the document lacks); the sentence once.
          expect(res.body).toMatchObject({
            detail: VOUCH_MESSAGES.noCategory,
            errors: ['characterTraits', 'skills', 'accomplishments'].map((field) => ({ field, message: VOUCH_MESSAGES.noCategory })),
          });
        });

        it.each([[null], [''], ['   '], [undefined]])('a recommendation without a reason (%j) is refused', async (reason) => {
          const res = await member.agent.post('/api/vouches').send(recommendation(newPhone(), { reason })).expect(400);
          expect(res.body).toMatchObject({ detail: VOUCH_MESSAGES.reasonRequired, errors: [{ field: 'reason' }] });
        });

        it.each([[''], ['   ']])('a blank recipient name (%j) is refused', async (recipientName) => {
          const res = await member.agent.post('/api/vouches').send(recommendation(newPhone(), { recipientName })).expect(400);
          expect(res.body).toMatchObject({ detail: VOUCH_MESSAGES.nameRequired, errors: [{ field: 'recipientName' }] });
        });

        it('names every problem at once', async () => {
          const res = await member.agent.post('/api/vouches').send(recommendation('12', { recipientName: '', reason: null, skills: null, characterTraits: null })).expect(400);
          expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['accomplishments', 'characterTraits', 'reason', 'recipientName', 'recipientPhone', 'skills']);
        });

        it('a name over 100 characters is refused', async () => {
          const res = await member.agent.post('/api/vouches').send(recommendation(newPhone(), { recipientName: 'x'.repeat(101) })).expect(400);
          expect(res.body.errors[0]).toMatchObject({ field: 'recipientName', message: expect.stringMatching(/at most 100 characters/) });
        });

        it('a reason over 2000 characters is refused', async () => {
          await member.agent.post('/api/vouches').send(recommendation(newPhone(), { reason: 'x'.repeat(2001) })).expect(400);
        });

        it('cannot vouch for their own phone, written any way', async () => {
          const own = member.phone.slice(2);
          const res = await member.agent.post('/api/vouches').send(recommendation(`(${own.slice(0, 3)}) ${own.slice(3, 6)}-${own.slice(6)}`)).expect(400);
          expect(res.body).toMatchObject({ detail: VOUCH_MESSAGES.ownPhone, errors: [{ field: 'recipientPhone' }] });
        });

        it.each([
          ['no body', undefined],
          ['an array', [1, 2]],
          ['an unknown type', { ...recommendation('5552019999'), type: 'endorsement' }],
          ['no type', { ...recommendation('5552019999'), type: undefined }],
          ['a number for the phone', { ...recommendation('5552019999'), recipientPhone: 5552019999 }],
          ['an object for the reason', { ...recommendation('5552019999'), reason: { text: 'x' } }],
          ['no recipient name', { ...recommendation('5552019999'), recipientName: undefined }],
        ])('%s is a 400 with field errors, never 500', async (_label, body) => {
          const req = member.agent.post('/api/vouches');
          const res = await (body === undefined ? req : req.send(body as object)).expect(400);
          expect(res.body.errors.length).toBeGreaterThan(0);
        });

        it('malformed JSON is a 400, never 500', async () => {
          await member.agent.post('/api/vouches').set('Content-Type', 'application/json').send('{"type": "invite",').expect(400);
        });
      });

      it('signed out is a 401', async () => {
        const res = await t.request.post('/api/vouches').send(recommendation(newPhone())).expect(401);
        expect(res.body.detail).toBe('Not authenticated');
      });

      describe('one pending vouch per recipient phone', () => {
        it('a second vouch from the same voucher to the same phone while the first is pending is a 409, and uses no allowance', async () => {
          const member = await signIn(t, ['Dora', 'Duplicate']);
          const phone = newPhone();
          await vouch(member.agent, recommendation(phone));
          const res = await member.agent.post('/api/vouches').send(invite(phone.slice(2))).expect(409);
          expect(res.body.detail).toMatch(/already have a pending Vouch for this phone number/);
          const usage = (await member.agent.get('/api/usage/current').expect(200)).body;
          expect([usage.vouches.used, usage.invites.used]).toEqual([1, 0]);
          expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(1);
        });

        it('another voucher may vouch for the same phone', async () => {
          const phone = newPhone();
          const other = await signIn(t, ['Otto', 'Other']);
          await vouch(voucher.agent, recommendation(phone));
          await vouch(other.agent, recommendation(phone));
        });

        it('once the first is answered, or has expired, a new one may be sent', async () => {
          const member = await signIn(t, ['Rita', 'Retry']);
          const recipientPhone = newPhone();
          const first = await vouch(member.agent, recommendation(recipientPhone));
          const recipient = await signIn(t, ['Rex', 'Recipient'], { phone: recipientPhone });
          await recipient.agent.put('/api/vouches/respond').send({ vouchToken: first.vouchToken, action: 'reject' }).expect(200);
          await vouch(member.agent, recommendation(recipientPhone));
          now += 31 * DAY;
          await vouch(member.agent, recommendation(recipientPhone));
          await member.agent.post('/api/vouches').send(recommendation(recipientPhone)).expect(409);
        });

        it('ten concurrent vouches to the same phone: exactly one is created', async () => {
          const member = await signIn(t, ['Cora', 'Concurrent']);
          const phone = newPhone();
          const results = await Promise.all(Array.from({ length: 10 }, () => member.agent.post('/api/vouches').send(recommendation(phone))));
          expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
          expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(1);
          expect((await member.agent.get('/api/usage/current').expect(200)).body.vouches.used).toBe(1);
        });

        it('ten concurrent vouches replacing an expired one: exactly one is created', async () => {
          const member = await signIn(t, ['Exa', 'Expired']);
          const phone = newPhone();
          await vouch(member.agent, recommendation(phone));
          now += 31 * DAY;
          const results = await Promise.all(Array.from({ length: 10 }, () => member.agent.post('/api/vouches').send(recommendation(phone))));
          expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
          expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(2);
        });
      });
    });

    describe('monthly allowances (free plan: 15 vouches, 15 invites)', () => {
      it('recommendations use the vouches allowance, invites the invites allowance; the 16th is a 402 and writes nothing', async () => {
        const member = await signIn(t, ['Quinn', 'Quota']);
        for (let i = 0; i < 15; i++) await vouch(member.agent, recommendation(newPhone()));
        let usage = (await member.agent.get('/api/usage/current').expect(200)).body;
        expect(usage.vouches).toEqual({ used: 15, monthly: 15 });
        expect(usage.invites).toEqual({ used: 0, monthly: 15 });

        const refused = await member.agent.post('/api/vouches').send(recommendation(newPhone())).expect(402);
        expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(refused.body.detail).toMatch(/^You have used all 15 vouches of your Network Builder plan this month/);
        expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(15);
        expect((await activities(member.agent)).filter((a) => a.type === 'vouch_created')).toHaveLength(15);

        // Invites are counted apart.
        await vouch(member.agent, invite(newPhone()));
        usage = (await member.agent.get('/api/usage/current').expect(200)).body;
        expect(usage.vouches.used).toBe(15);
        expect(usage.invites.used).toBe(1);
        expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(16);
      });

      it('the 16th invite is a 402 too', async () => {
        const member = await signIn(t, ['Iggy', 'Invites']);
        for (let i = 0; i < 15; i++) await vouch(member.agent, invite(newPhone()));
        const res = await member.agent.post('/api/vouches').send(invite(newPhone())).expect(402);
        expect(res.body.detail).toMatch(/15 invites/);
        expect((await member.agent.get('/api/vouches/my').expect(200)).body).toHaveLength(15);
        expect((await member.agent.get('/api/usage/current').expect(200)).body.vouches.used).toBe(0);
      });
    });

    describe('the public vouch page', () => {
      it('anyone with the link sees the vouch, the recipient phone masked to its last four digits', async () => {
        const created = await vouch(voucher.agent, recommendation('5552024321'));
        const res = await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200);
        expect(Object.keys(res.body).sort()).toEqual([...VOUCH_KEYS].sort());
        expect(res.body).toMatchObject({ id: created.id, status: 'pending', recipientName: 'Grace Hopper', recipientPhone: '•••-•••-4321', voucherName: 'Alan Turing', skills: 'Compilers, COBOL' });
        expect(res.headers['cache-control']).toBe('no-store');
        expect(JSON.stringify(res.body)).not.toMatch(/555202|2024321/);
      });

      it('an unknown token is 404 Vouch Not Found', async () => {
        const res = await t.request.get(`/api/vouches/public/${'A'.repeat(32)}`).expect(404);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe(VOUCH_MESSAGES.notFound);
      });

      it.each([['short'], ['x'.repeat(500)], ["'%20OR%201=1%20--"], ['%E2%80%A2%E2%80%A2'], ['..%2F..%2Fetc'], ['%00']])('a token of the wrong shape (%s) is 404, never 500', async (token) => {
        const res = await t.request.get(`/api/vouches/public/${token}`);
        expect(res.status).toBe(404);
      });

      it('shows an answered vouch with its status and when it was accepted', async () => {
        const phone = newPhone();
        const created = await vouch(voucher.agent, recommendation(phone));
        const recipient = await signIn(t, ['Gina', 'Grateful'], { phone });
        await recipient.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(200);
        const res = await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200);
        expect(res.body).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), recipientPhone: `•••-•••-${phone.slice(-4)}` });
      });
    });

    describe('answering a vouch', () => {
      it('the recipient, new to Vouch, signs in through the link, accepts, and both sides see it', async () => {
        const giver = await signIn(t, ['Vic', 'Voucher']);
        const phone = newPhone();
        const created = await vouch(giver.agent, recommendation(phone, { recipientName: 'Rosa Recipient' }));

        // Through the link only the recipient's phone gets a code.
        const wrong = await t.request.post('/api/auth/request-otp').send({ phone: newPhone(), vouchToken: created.vouchToken }).expect(403);
        expect(wrong.body.detail).toBe(VOUCH_MESSAGES.phoneMismatch);
        const recipient = await signIn(t, undefined, { phone, vouchToken: created.vouchToken });
        expect(recipient.name).toBe('Rosa Recipient');

        const pending = (await recipient.agent.get('/api/vouches/pending-for-me').expect(200)).body;
        expect(pending.map((v: { id: number }) => v.id)).toEqual([created.id]);
        expect(pending[0]).toMatchObject({ voucherName: 'Vic Voucher', recipientPhone: phone });

        now += 1000;
        const res = await recipient.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(200);
        // The vouch, and its voucher to offer Vouch back for (issue 28).
        expect(Object.keys(res.body)).toEqual(['vouch', 'vouchBack']);
        expect(res.body.vouchBack).toMatchObject({ name: 'Vic Voucher' });
        expect(res.body.vouch).toMatchObject({ id: created.id, status: 'accepted', acceptedAt: new Date(now).toISOString(), recipientPhone: phone, voucherName: 'Vic Voucher' });

        expect((await recipient.agent.get('/api/vouches/pending-for-me').expect(200)).body).toEqual([]);
        expect((await recipient.agent.get('/api/vouches/received').expect(200)).body.map((v: { id: number }) => v.id)).toEqual([created.id]);
        expect((await giver.agent.get('/api/vouches/my').expect(200)).body[0]).toMatchObject({ id: created.id, status: 'accepted' });

        // Counters count accepted vouches.
        expect(await profile(giver.agent)).toMatchObject({ vouchesGiven: 1, vouchesReceived: 0 });
        expect(await profile(recipient.agent)).toMatchObject({ vouchesGiven: 0, vouchesReceived: 1 });

        expect((await activities(giver.agent)).map((a) => [a.type, a.description])).toEqual([
          ['vouch_accepted', 'Rosa Recipient accepted your Vouch.'],
          ['vouch_created', 'You vouched for Rosa Recipient.'],
        ]);
        expect((await activities(recipient.agent)).map((a) => [a.type, a.description])).toEqual([['vouch_accepted', "You accepted Vic Voucher's Vouch."]]);
      });

      it('declining through PUT /api/vouches/respond: no counters, an activity on each side', async () => {
        const giver = await signIn(t, ['Dan', 'Decline']);
        const phone = newPhone();
        const created = await vouch(giver.agent, invite(phone, { recipientName: 'Nora No' }));
        const recipient = await signIn(t, ['Nora', 'No'], { phone });
        const res = await recipient.agent.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action: 'reject' }).expect(200);
        expect(res.body.vouch).toMatchObject({ status: 'rejected', acceptedAt: null });
        expect(await profile(giver.agent)).toMatchObject({ vouchesGiven: 0 });
        expect(await profile(recipient.agent)).toMatchObject({ vouchesReceived: 0 });
        expect((await activities(giver.agent))[0]).toMatchObject({ type: 'vouch_rejected', description: 'Nora No declined your invitation.' });
        expect((await activities(recipient.agent))[0]).toMatchObject({ type: 'vouch_rejected', description: "You declined Dan Decline's invitation." });
        expect((await recipient.agent.get('/api/vouches/received').expect(200)).body).toEqual([]);
        expect((await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200)).body.status).toBe('rejected');
      });

      describe('when the vouch was already answered', () => {
        it.each([
          ['accept', 'accept', 'This Vouch has already been accepted.'],
          ['accept', 'reject', 'This Vouch has already been accepted.'],
          ['reject', 'accept', 'This Vouch has already been rejected.'],
          ['reject', 'reject', 'This Vouch has already been rejected.'],
        ])('after %s, a later %s is a 409 "%s" and changes nothing', async (first, second, sentence) => {
          const phone = newPhone();
          const created = await vouch(voucher.agent, recommendation(phone));
          const recipient = await signIn(t, ['Twice', 'Answered'], { phone });
          await recipient.agent.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action: first }).expect(200);
          const before = await profile(recipient.agent);
          const res = await recipient.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: second }).expect(409);
          expect(res.body.detail).toBe(sentence);
          expect((await profile(recipient.agent)).vouchesReceived).toBe(before.vouchesReceived);
          expect(await activities(recipient.agent)).toHaveLength(1);
        });
      });

      it('a member signed in with another phone gets 403 Phone Number Mismatch and the vouch stays pending', async () => {
        const created = await vouch(voucher.agent, recommendation(newPhone()));
        const stranger = await signIn(t, ['Sam', 'Stranger']);
        for (const action of ['accept', 'reject']) {
          const res = await stranger.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action }).expect(403);
          expect(res.body.detail).toBe(VOUCH_MESSAGES.phoneMismatch);
        }
        expect((await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200)).body.status).toBe('pending');
        expect((await stranger.agent.get('/api/vouches/pending-for-me').expect(200)).body).toEqual([]);
      });

      it('the voucher cannot answer their own vouch', async () => {
        const created = await vouch(voucher.agent, recommendation(newPhone()));
        const res = await voucher.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(403);
        expect(res.body.detail).toBe('You cannot respond to your own Vouch.');
      });

      it('an expired vouch is a 410, is no longer pending for the recipient, and the page still shows it', async () => {
        const phone = newPhone();
        const created = await vouch(voucher.agent, recommendation(phone));
        const recipient = await signIn(t, ['Ella', 'Expired'], { phone });
        now += 30 * DAY - 1000;
        expect((await recipient.agent.get('/api/vouches/pending-for-me').expect(200)).body).toHaveLength(1);
        now += 1000;
        expect((await recipient.agent.get('/api/vouches/pending-for-me').expect(200)).body).toEqual([]);
        for (const action of ['accept', 'reject']) {
          const res = await recipient.agent.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action }).expect(410);
          expect(res.body.detail).toBe(VOUCH_MESSAGES.expired);
        }
        const page = (await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200)).body;
        expect(page.status).toBe('pending');
        expect(new Date(page.expiresAt).getTime()).toBeLessThanOrEqual(now);
        expect(await profile(recipient.agent)).toMatchObject({ vouchesReceived: 0 });
      });

      it('an unknown token is a 404', async () => {
        const member = await signIn(t, ['Una', 'Unknown']);
        const res = await member.agent.post('/api/vouches/accept').send({ vouchToken: 'B'.repeat(32), action: 'accept' }).expect(404);
        expect(res.body.detail).toBe(VOUCH_MESSAGES.notFound);
      });

      describe('bad input is a 4xx, never 500', () => {
        let member: SignedInMember;
        beforeAll(async () => {
          member = await signIn(t, ['Bea', 'Bad']);
        });

        it.each([
          ['an unknown action', { vouchToken: 'C'.repeat(32), action: 'maybe' }, 400],
          ['no action', { vouchToken: 'C'.repeat(32) }, 400],
          ['no token', { action: 'accept' }, 400],
          ['an empty token', { vouchToken: '', action: 'accept' }, 400],
          ['a number for the token', { vouchToken: 42, action: 'accept' }, 400],
          ['a token far too long', { vouchToken: 'x'.repeat(1000), action: 'accept' }, 400],
          ['a token of the wrong shape', { vouchToken: "' OR 1=1 --", action: 'accept' }, 404],
          ['an array', [{ vouchToken: 'C'.repeat(32), action: 'accept' }], 400],
        ])('%s', async (_label, body, status) => {
          for (const req of [member.agent.post('/api/vouches/accept'), member.agent.put('/api/vouches/respond')]) {
            const res = await req.send(body as object);
            expect(res.status).toBe(status);
            expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          }
        });

        it('no body and malformed JSON are 400s', async () => {
          await member.agent.post('/api/vouches/accept').expect(400);
          await member.agent.put('/api/vouches/respond').set('Content-Type', 'application/json').send('{"action":').expect(400);
        });

        it('the wrong method is a 405', async () => {
          await member.agent.get('/api/vouches/accept').expect(405);
          await member.agent.post('/api/vouches/respond').send({}).expect(405);
        });
      });

      it('signed out is a 401', async () => {
        await t.request.post('/api/vouches/accept').send({ vouchToken: 'D'.repeat(32), action: 'accept' }).expect(401);
        await t.request.put('/api/vouches/respond').send({ vouchToken: 'D'.repeat(32), action: 'accept' }).expect(401);
      });
    });

    describe('ten concurrent answers', () => {
      it.each([['accepts', () => 'accept'], ['accepts and rejects', (i: number) => (i % 2 ? 'accept' : 'reject')]])('of ten concurrent %s exactly one succeeds, the rest are 409s', async (_label, action) => {
        const giver = await signIn(t, ['Race', 'Giver']);
        const phone = newPhone();
        const created = await vouch(giver.agent, recommendation(phone));
        const recipient = await signIn(t, ['Race', 'Taker'], { phone });
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => recipient.agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: action(i) })),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([200, ...Array(9).fill(409)]);
        for (const r of results.filter((x) => x.status === 409)) expect(r.body.detail).toMatch(/^This Vouch has already been (accepted|rejected)\.$/);
        const winner = results.find((r) => r.status === 200)!.body.vouch;
        const accepted = winner.status === 'accepted' ? 1 : 0;
        expect(await profile(giver.agent)).toMatchObject({ vouchesGiven: accepted });
        expect(await profile(recipient.agent)).toMatchObject({ vouchesReceived: accepted });
        expect(await activities(recipient.agent)).toHaveLength(1);
        expect((await activities(giver.agent)).map((a) => a.type)).toEqual([winner.status === 'accepted' ? 'vouch_accepted' : 'vouch_rejected', 'vouch_created']);
      });
    });

    describe('my vouches and pending vouches', () => {
      it('/my lists what I sent, newest first, with every status', async () => {
        const member = await signIn(t, ['Mia', 'Mine']);
        const phones: [string, string, string] = [newPhone(), newPhone(), newPhone()];
        const first = await vouch(member.agent, recommendation(phones[0]));
        now += 1000;
        const second = await vouch(member.agent, invite(phones[1]));
        now += 1000;
        const third = await vouch(member.agent, recommendation(phones[2]));
        const recipient = await signIn(t, ['Ria', 'Recipient'], { phone: phones[1] });
        await recipient.agent.put('/api/vouches/respond').send({ vouchToken: second.vouchToken, action: 'accept' }).expect(200);
        const mine = (await member.agent.get('/api/vouches/my').expect(200)).body;
        expect(mine.map((v: { id: number; status: string }) => [v.id, v.status])).toEqual([
          [third.id, 'pending'],
          [second.id, 'accepted'],
          [first.id, 'pending'],
        ]);
        expect(mine[0].recipientPhone).toBe(phones[2]);
      });

      it('/pending-for-me lists pending, unexpired vouches to my phone from anyone, newest first', async () => {
        const phone = newPhone();
        const a = await signIn(t, ['Abe', 'First']);
        const b = await signIn(t, ['Bo', 'Second']);
        const older = await vouch(a.agent, recommendation(phone));
        now += 1000;
        const newer = await vouch(b.agent, invite(phone));
        await vouch(a.agent, recommendation(newPhone())); // someone else's
        const me = await signIn(t, ['Pat', 'Pending'], { phone });
        const pending = (await me.agent.get('/api/vouches/pending-for-me').expect(200)).body;
        expect(pending.map((v: { id: number; voucherName: string }) => [v.id, v.voucherName])).toEqual([
          [newer.id, 'Bo Second'],
          [older.id, 'Abe First'],
        ]);
        await me.agent.post('/api/vouches/accept').send({ vouchToken: older.vouchToken, action: 'accept' }).expect(200);
        expect((await me.agent.get('/api/vouches/pending-for-me').expect(200)).body.map((v: { id: number }) => v.id)).toEqual([newer.id]);
      });

      it.each([['/api/vouches/my'], ['/api/vouches/pending-for-me'], ['/api/vouches/received'], ['/api/activities']])('%s signed out is a 401', async (path) => {
        const res = await t.request.get(path).expect(401);
        expect(res.body.detail).toBe('Not authenticated');
      });
    });

    describe('activities', () => {
      // Other services tell a member of something with notify (services/notifications): the bell item and the outbox row.
      const event = (memberId: number, overrides: Partial<NotificationEvent> = {}): NotificationEvent => ({
        memberId,
        kind: 'suggestion_received',
        type: 'introduction_suggested',
        bell: 'A suggestion.',
        object: { type: 'suggestion', id: 7 },
        link: '/introduction-requests?tab=mine&request=3',
        at: new Date(),
        ...overrides,
      });

      it('shows the latest 20, newest first, each with the object it opens; other services add theirs with notify', async () => {
        const member = await signIn(t, ['Ada', 'Active']);
        const base = Date.now();
        for (let i = 0; i < 25; i++) {
          await t.db.transaction((tx) => notify(t.db, tx, event(member.memberId, { bell: `Suggestion ${i}`, at: new Date(base + i * 1000) })));
        }
        const feed = await activities(member.agent);
        expect(feed).toHaveLength(20);
        expect(feed[0]).toEqual({
          id: expect.any(Number),
          type: 'introduction_suggested',
          description: 'Suggestion 24',
          aboutMemberId: null,
          bySelf: false,
          unread: true,
          link: '/introduction-requests?tab=mine&request=3',
          objectType: 'suggestion',
          objectId: 7,
          createdAt: new Date(base + 24_000).toISOString(),
        });
        expect(feed[19]?.description).toBe('Suggestion 5');
      });

      it('notify refuses a bad type or an empty sentence, and rolls back with its transaction', async () => {
        const member = await signIn(t, ['Rob', 'Rollback']);
        await expect(t.db.transaction((tx) => notify(t.db, tx, event(member.memberId, { type: 'Bad Type' as ActivityType })))).rejects.toThrow(/not one of RECORDED_ACTIVITY_TYPES/);
        await expect(t.db.transaction((tx) => notify(t.db, tx, event(member.memberId, { bell: '  ' })))).rejects.toThrow(/empty/);
        await expect(
          t.db.transaction(async (tx) => {
            await notify(t.db, tx, event(member.memberId, { bell: 'never kept' }));
            throw new Error('the caller failed');
          }),
        ).rejects.toThrow('the caller failed');
        expect(await activities(member.agent)).toEqual([]);
      });
    });

    it('every vouch path is in the OpenAPI document', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body;
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/vouches', '/vouches/my', '/vouches/pending-for-me', '/vouches/received', '/vouches/public/{vouchToken}', '/vouches/accept', '/vouches/respond', '/activities']),
      );
      expect(doc.paths['/vouches'].post.requestBody.content['application/json'].schema.properties.type.enum).toEqual(['invite', 'recommendation']);
      expect(doc.paths['/vouches/respond'].put.responses['410']).toBeDefined();
    });
  },
  { services, env: GENEROUS_AUTH_LIMITS },
);
