// Data rights through the real gateway (issue 10): export my data and delete my account, on
// SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL; with Stripe billing against the fake Stripe.
import supertest from 'supertest';
import type { MemberDataPart } from '@vouch/service-auth';
import { reputationIdle } from '@vouch/service-vouches/worker';
import { buildServices, memberDataParts } from '../src';
import { startFakeStripe, fakeStripeEnv, type FakeStripe } from '@vouch/service-subscriptions/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, type Agent, type SignedInMember, type TestContext } from './support';

const FORMER = 'A former member';

function recommendation(recipientName: string, recipientPhone: string, reason: string) {
  return { type: 'recommendation', recipientName, recipientPhone, reason, characterTraits: 'Patient', skills: 'Compilers, Rust', accomplishments: null };
}

async function vouch(agent: Agent, body: object): Promise<{ id: number; vouchToken: string }> {
  const res = await agent.post('/api/vouches').send(body);
  if (res.status !== 201) throw new Error(`create vouch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const accept = (member: SignedInMember, vouchToken: string) => member.agent.post('/api/vouches/accept').send({ vouchToken, action: 'accept' }).expect(200);
const user = async (agent: Agent) => (await agent.get('/api/user/profile').expect(200)).body.user;

/** A bearer-token session for a member's phone (a second device). */
async function bearerFor(t: TestContext, phone: string): Promise<string> {
  const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
  const res = await t.request.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId, session: 'token' }).expect(200);
  return res.body.token as string;
}

describeEachDatabase(
  'account: export my data and delete my account',
  (t) => {
    // Dana deletes her account. Ann vouched for her (accepted); she vouched for Ben (accepted),
    // invited Cy (pending) and asked for an introduction, on which Ann suggested Ben.
    let dana: SignedInMember, ann: SignedInMember, ben: SignedInMember;
    let cyPhone: string;
    let danaForBen: { id: number; vouchToken: string };
    let danaInvitesCy: { id: number; vouchToken: string };
    let requestId: number;

    beforeAll(async () => {
      dana = await signIn(t, ['Dana', 'Scully']);
      ann = await signIn(t, ['Ann', 'Lee']);
      ben = await signIn(t, ['Ben', 'Ode']);
      cyPhone = newPhone();
      const annForDana = await vouch(ann.agent, recommendation('Dana Scully', dana.phone, 'Ann trusts Dana with anything.'));
      await accept(dana, annForDana.vouchToken);
      danaForBen = await vouch(dana.agent, recommendation('Ben Ode', ben.phone, 'Dana saw Ben fix the compiler.'));
      await accept(ben, danaForBen.vouchToken);
      danaInvitesCy = await vouch(dana.agent, { type: 'invite', recipientName: 'Cy Twombly', recipientPhone: cyPhone, reason: 'Join us, Cy', characterTraits: null, skills: null, accomplishments: null });
      const request = await dana.agent
        .post('/api/introduction-requests')
        .send({ requestType: 'Hiring', desiredSkills: 'Compilers', reason: 'Dana needs a compiler person', context: null, degreeLevel: 2 })
        .expect(201);
      requestId = request.body.id ?? request.body.request?.id;
      await ann.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: ben.memberId, reasoning: 'Ben knows compilers' }).expect(201);
      await reputationIdle(t.db);
    });

    describe('export my data', () => {
      it('a signed-out caller gets 401', async () => {
        expect((await t.request.get('/api/account/export').expect(401)).headers['content-type']).toMatch(/problem\+json/);
      });

      it('is a JSON download of everything held about me: member, sessions, vouches with texts, activities, introductions, plan and usage', async () => {
        const res = await dana.agent.get('/api/account/export').expect(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vouch-data-\d{4}-\d{2}-\d{2}\.json"$/);
        expect(res.headers['cache-control']).toBe('no-store');
        const data = res.body;
        expect(data.format).toBe('vouch-member-data/1');
        expect(data.member).toMatchObject({ id: dana.memberId, name: 'Dana Scully', phone: dana.phone });
        expect(data.sessions.length).toBeGreaterThanOrEqual(1);
        expect(data.vouches.given.map((v: { recipientName: string; status: string }) => [v.recipientName, v.status])).toEqual([
          ['Ben Ode', 'accepted'],
          ['Cy Twombly', 'pending'],
        ]);
        expect(data.vouches.given[0]).toMatchObject({ reason: 'Dana saw Ben fix the compiler.', skills: 'Compilers, Rust', characterTraits: 'Patient', voucherName: 'Dana Scully' });
        expect(data.vouches.received).toEqual([expect.objectContaining({ voucherName: 'Ann Lee', reason: 'Ann trusts Dana with anything.', status: 'accepted' })]);
        expect(data.notifications.activities.map((a: { description: string }) => a.description)).toContain('You vouched for Ben Ode.');
        expect(data.introductions.requests).toEqual([
          expect.objectContaining({ id: requestId, reason: 'Dana needs a compiler person', suggestions: [expect.objectContaining({ suggesterName: 'Ann Lee', suggestedPersonName: 'Ben Ode', reasoning: 'Ben knows compilers' })] }),
        ]);
        expect(data.subscriptions.usage).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'vouches', used: 1 }), expect.objectContaining({ kind: 'invites', used: 1 })]));
      });

      it('holds no secret: no session token, no code or token hash, no vouch link token, no payment identifier', async () => {
        const token = await bearerFor(t, dana.phone);
        const res = await t.request.get('/api/account/export').set('Authorization', `Bearer ${token}`).expect(200);
        const text = JSON.stringify(res.body);
        expect(res.body.member.id).toBe(dana.memberId);
        expect(text).not.toContain(token);
        expect(text).not.toContain(danaForBen.vouchToken);
        expect(text).not.toMatch(/tokenHash|token_hash|codeHash|code_hash|stripe|vouchToken/i);
      });

      it('another member exports only their own data', async () => {
        const data = (await ben.agent.get('/api/account/export').expect(200)).body;
        expect(data.member.id).toBe(ben.memberId);
        expect(data.vouches.given).toEqual([]);
        expect(data.vouches.received).toEqual([expect.objectContaining({ voucherName: 'Dana Scully' })]);
      });
    });

    describe('delete my account', () => {
      let secondDevice: string;
      let annGivenBefore: number;

      beforeAll(async () => {
        secondDevice = await bearerFor(t, dana.phone);
        await t.request.get('/api/user/profile').set('Authorization', `Bearer ${secondDevice}`).expect(200);
        annGivenBefore = (await user(ann.agent)).vouchesGiven;
      });

      it('a signed-out caller gets 401 and nothing is deleted', async () => {
        await t.request.delete('/api/account').expect(401);
        await user(dana.agent);
      });

      it('deletes the account, clears the cookie, and every session stops working at once', async () => {
        const res = await dana.agent.delete('/api/account').expect(204);
        expect(String(res.headers['set-cookie'])).toMatch(/vouch_session=;/);
        await dana.agent.get('/api/user/profile').expect(401);
        await t.request.get('/api/user/profile').set('Authorization', `Bearer ${secondDevice}`).expect(401);
        await t.request.get('/api/account/export').set('Authorization', `Bearer ${secondDevice}`).expect(401);
      });

      it('the accepted vouch she gave stays with Ben, from "A former member", linked to no one', async () => {
        const received = (await ben.agent.get('/api/vouches/received').expect(200)).body;
        expect(received).toEqual([expect.objectContaining({ id: danaForBen.id, voucherName: FORMER, reason: 'Dana saw Ben fix the compiler.', status: 'accepted' })]);
        const summary = (await ben.agent.get('/api/profile/my-summary').expect(200)).body;
        expect(summary.vouches.map((v: { voucherName: string }) => v.voucherName)).toEqual([FORMER]);
        expect(summary.stats.vouchCount).toBe(1);
      });

      it('she is in no one\'s network any more, and reputation is recomputed', async () => {
        await reputationIdle(t.db);
        const network = (await ben.agent.get('/api/network').expect(200)).body;
        const names = JSON.stringify(network);
        expect(names).not.toContain('Dana');
        expect(network.directConnections).toEqual([]);
        expect((await user(ben.agent)).connectionsCount).toBe(0);
        const annNetwork = JSON.stringify((await ann.agent.get('/api/network').expect(200)).body);
        expect(annNetwork).not.toContain('Dana');
        expect(annNetwork).not.toContain('Ben Ode');
      });

      it('the vouch she received goes with her: Ann no longer lists it nor counts it', async () => {
        const sent = (await ann.agent.get('/api/vouches/my').expect(200)).body;
        expect(sent).toEqual([]);
        expect((await user(ann.agent)).vouchesGiven).toBe(annGivenBefore - 1);
      });

      it('her pending invitation goes: its link is not found and Cy has nothing pending', async () => {
        await t.request.get(`/api/vouches/public/${danaInvitesCy.vouchToken}`).expect(404);
        const cy = await signIn(t, ['Cy', 'Twombly'], { phone: cyPhone });
        expect((await cy.agent.get('/api/vouches/pending-for-me').expect(200)).body).toEqual([]);
      });

      it('her introduction request and the suggestions on it go', async () => {
        const forSuggestions = JSON.stringify((await ann.agent.get('/api/introduction-requests/for-suggestions').expect(200)).body);
        expect(forSuggestions).not.toContain('Dana needs a compiler person');
        const annData = (await ann.agent.get('/api/account/export').expect(200)).body;
        expect(annData.introductions.suggestionsMade).toEqual([]);
      });

      it('her phone can register again, as a new member with nothing of the old one', async () => {
        const again = await signIn(t, ['Dana', 'Again'], { phone: dana.phone });
        expect(again.memberId).not.toBe(dana.memberId);
        expect(again.name).toBe('Dana Again');
        const data = (await again.agent.get('/api/account/export').expect(200)).body;
        // A fresh profile (registration makes one), none of the old one's bio or headline.
        expect(data.vouches).toMatchObject({ given: [], received: [], profile: { slug: 'dana-again', customBio: null, headline: null } });
        expect(data.notifications).toMatchObject({ activities: [], devices: [] });
        expect(data.introductions).toEqual({ requests: [], suggestionsMade: [], suggestionsOfMe: [], introductions: [] });
        expect(data.subscriptions).toEqual({ subscription: null, usage: [] });
      });
    });
  },
  // Dana's phone signs in four times here (browser, app, after deletion): more than a phone's 3 codes per 15 minutes.
  { env: { ...GENEROUS_AUTH_LIMITS, AUTH_OTP_SEND_LIMIT_PER_PHONE: '10' } },
);

describeEachDatabase(
  'account deletion is all or nothing',
  (t) => {
    it('when a part fails inside the transaction, everything already forgotten comes back and the session still works', async () => {
      const owner = await signIn(t, ['Olga', 'Owner']);
      const friend = await signIn(t, ['Finn', 'Friend']);
      const given = await vouch(owner.agent, recommendation('Finn Friend', friend.phone, 'Finn is dependable.'));
      await accept(friend, given.vouchToken);
      const token = await bearerFor(t, owner.phone);

      const failing: MemberDataPart = {
        name: 'failing',
        exportMemberData: async () => ({}),
        forgetMember: async () => {
          throw new Error('the database went away mid-deletion');
        },
      };
      const app = t.createApp({ services: buildServices({ memberDataParts: [...memberDataParts, failing] }) });
      const res = await supertest(app).delete('/api/account').set('Authorization', `Bearer ${token}`).expect(500);
      expect(JSON.stringify(res.body)).not.toMatch(/went away/);

      // Vouches, introductions and subscriptions had forgotten the member before the failure: all rolled back.
      await t.request.get('/api/user/profile').set('Authorization', `Bearer ${token}`).expect(200);
      const received = (await friend.agent.get('/api/vouches/received').expect(200)).body;
      expect(received).toEqual([expect.objectContaining({ id: given.id, voucherName: 'Olga Owner' })]);
      const data = (await owner.agent.get('/api/account/export').expect(200)).body;
      expect(data.vouches.given).toHaveLength(1);
      expect(data.subscriptions.usage).toEqual([expect.objectContaining({ kind: 'vouches', used: 1 })]);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);

// ── With Stripe billing: the subscription is cancelled first; a Stripe failure deletes nothing ──

let stripe: FakeStripe;
const stripeOptions = { env: { ...GENEROUS_AUTH_LIMITS } as Record<string, string> };

beforeAll(async () => {
  stripe = await startFakeStripe();
  Object.assign(stripeOptions.env, fakeStripeEnv(stripe));
});
afterAll(async () => {
  await stripe?.close();
});

describeEachDatabase(
  'account deletion with a paid Stripe subscription',
  (t) => {
    async function payingMember(): Promise<{ member: SignedInMember; subscriptionId: string }> {
      const member = await signIn(t, ['Pat', 'Payer']);
      await member.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
      const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
      const subscription = [...stripe.subscriptions.values()].filter((s) => s.customer === created.body.customer).at(-1)!;
      const payload = JSON.stringify(stripe.event('customer.subscription.updated', stripe.pay(subscription.id as string)));
      await t.request.post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', stripe.sign(payload)).send(payload).expect(200);
      expect((await member.agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('premium');
      return { member, subscriptionId: subscription.id as string };
    }

    it('when Stripe fails to cancel, the answer is a 502 sentence and nothing is deleted', async () => {
      const { member, subscriptionId } = await payingMember();
      stripe.failNext(`/v1/subscriptions/${subscriptionId}`, 400, { type: 'invalid_request_error', message: 'Stripe is having a bad day' });
      const res = await member.agent.delete('/api/account').expect(502);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body.detail).toBe('Stripe could not cancel your subscription; nothing was changed. Please try again in a moment.');
      expect(JSON.stringify(res.body)).not.toMatch(/bad day/);
      expect((await user(member.agent)).id).toBe(member.memberId);
      expect((await member.agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('premium');
    });

    it('when Stripe answers, the subscription is cancelled (no further charge) before the account goes', async () => {
      const { member, subscriptionId } = await payingMember();
      await member.agent.delete('/api/account').expect(204);
      const cancel = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1);
      expect(cancel?.body).toMatchObject({ cancel_at_period_end: 'true' });
      await member.agent.get('/api/user/profile').expect(401);
    });
  },
  stripeOptions,
);
