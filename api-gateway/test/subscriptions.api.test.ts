// Plans, usage and local billing through the real gateway (issue 4), on every test database.
import { consumeQuota } from '@vouch/service-subscriptions';
import { describeEachDatabase, newPhone, signIn, signInWithToken } from './support';

function firstOfNextMonthUtc(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

const env = { AUTH_OTP_SEND_LIMIT_PER_IP: '1000', AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000' };

describeEachDatabase(
  'subscriptions and usage (local billing)',
  (t) => {
    describe('signed out', () => {
      it.each([
        ['get', '/api/subscriptions/status'],
        ['get', '/api/usage/current'],
        ['post', '/api/subscriptions/create'],
        ['post', '/api/subscriptions/cancel'],
        ['post', '/api/subscriptions/portal'],
      ] as const)('%s %s is a 401 problem', async (method, path) => {
        const res = await t.request[method](path).send(method === 'post' ? { plan: 'premium' } : undefined).expect(401);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 401, detail: 'Not authenticated' });
      });

      it('anyone can read the plans with prices and features, and that billing is local', async () => {
        const res = await t.request.get('/api/subscriptions/plans').expect(200);
        expect(res.body.billing).toEqual({ provider: 'local', publishableKey: null });
        expect(res.body.plans.map((p: { name: string; displayName: string; priceMonthlyUsd: number }) => [p.name, p.displayName, p.priceMonthlyUsd])).toEqual([
          ['free', 'Network Builder', 0],
          ['premium', 'Network Pro', 29],
          ['enterprise', 'Network Catalyst', 99],
        ]);
        expect(res.body.plans[2].monthly).toEqual({ vouches: -1, invites: -1, introductions: -1, vouchAsks: -1 });
        expect(res.body.plans[1].features).toContain('Suggest yourself for 1st and 2nd degree requests');
      });
    });

    describe('"API access" (issue 29 item 10)', () => {
      it('the apps are in every plan: a free member signed in by bearer token, as the native app is, reads and writes', async () => {
        const plans = (await t.request.get('/api/subscriptions/plans').expect(200)).body.plans as { name: string; apiAccess: boolean; features: string[] }[];
        for (const plan of plans) expect(plan.features).toContain('The Vouch apps on the web, iOS and Android');
        expect(plans.map((p) => [p.name, p.apiAccess])).toEqual([['free', false], ['premium', false], ['enterprise', true]]);
        expect(plans[2]!.features).toContain('API access for your own integrations (personal API tokens, coming soon)');

        const app = await signInWithToken(t, ['Fran', 'Free']);
        const bearer = { Authorization: `Bearer ${app.token}` };
        expect((await t.request.get('/api/subscriptions/status').set(bearer).expect(200)).body.plan.name).toBe('free');
        await t.request.get('/api/vouches/my').set(bearer).expect(200);
        await t.request.post('/api/vouches').set(bearer).send({ type: 'recommendation', recipientName: 'Rae Recipient', recipientPhone: newPhone(), reason: 'Shipped it.', skills: 'Launches' }).expect(201);
      });
    });

    describe('a new member', () => {
      it('is on the free Network Builder plan, active, with this month’s allowances', async () => {
        const { agent } = await signIn(t);
        expect((await agent.get('/api/subscriptions/status').expect(200)).body).toEqual({ plan: { name: 'free', displayName: 'Network Builder' }, status: 'active' });
        const before = firstOfNextMonthUtc();
        const usage = (await agent.get('/api/usage/current').expect(200)).body;
        expect(usage).toEqual({
          vouches: { used: 0, monthly: 15 },
          invites: { used: 0, monthly: 15 },
          introductions: { used: 0, monthly: 10 },
          vouchAsks: { used: 0, monthly: 10 },
          periodEnd: expect.any(String),
        });
        // Read around the request, so a run across midnight at the month's end still passes.
        expect([before, firstOfNextMonthUtc()]).toContain(usage.periodEnd);
      });

      it('sees what other services consumed, and a 402 sentence at the limit', async () => {
        const { agent, memberId } = await signIn(t);
        for (let i = 0; i < 10; i++) await t.db.transaction((tx) => consumeQuota(t.db, tx, memberId, 'introductions'));
        await expect(t.db.transaction((tx) => consumeQuota(t.db, tx, memberId, 'introductions'))).rejects.toMatchObject({
          status: 402,
          detail: expect.stringMatching(/^You have used all 10 introduction requests of your Network Builder plan this month; it resets on \w+ 1\. Upgrade to Network Pro for 50 introduction requests a month\.$/),
        });
        expect((await agent.get('/api/usage/current').expect(200)).body.introductions).toEqual({ used: 10, monthly: 10 });
      });

      it('has no billing portal with local billing (400 sentence)', async () => {
        const { agent } = await signIn(t);
        const res = await agent.post('/api/subscriptions/portal').send({}).expect(400);
        expect(res.body.detail).toBe('Billing portal is only available with Stripe billing.');
      });
    });

    describe('upgrading and cancelling with local billing', () => {
      it('when a member upgrades to Network Pro, the plan and allowances change at once', async () => {
        const { agent } = await signIn(t);
        expect((await agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200)).body).toEqual({ clientSecret: null, status: 'active' });
        expect((await agent.get('/api/subscriptions/status').expect(200)).body).toEqual({ plan: { name: 'premium', displayName: 'Network Pro' }, status: 'active' });
        expect((await agent.get('/api/usage/current').expect(200)).body).toMatchObject({
          vouches: { used: 0, monthly: 100 },
          invites: { used: 0, monthly: 100 },
          introductions: { used: 0, monthly: 50 },
          vouchAsks: { used: 0, monthly: 50 },
        });
      });

      it('when the member buys the plan they already have, it is a 409', async () => {
        const { agent } = await signIn(t);
        await agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
        const res = await agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(409);
        expect(res.body.detail).toBe('You are already on the Network Pro plan.');
      });

      it('switching to Network Catalyst makes everything unlimited', async () => {
        const { agent } = await signIn(t);
        await agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
        await agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
        expect((await agent.get('/api/subscriptions/status').expect(200)).body.plan).toEqual({ name: 'enterprise', displayName: 'Network Catalyst' });
        expect((await agent.get('/api/usage/current').expect(200)).body.vouches).toEqual({ used: 0, monthly: -1 });
      });

      it('when the member cancels, they are back on the free plan at once; cancelling again is a 409', async () => {
        const { agent } = await signIn(t);
        await agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
        expect((await agent.post('/api/subscriptions/cancel').send({}).expect(200)).body).toEqual({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: null });
        expect((await agent.get('/api/subscriptions/status').expect(200)).body).toEqual({ plan: { name: 'free', displayName: 'Network Builder' }, status: 'active' });
        expect((await agent.get('/api/usage/current').expect(200)).body.vouches.monthly).toBe(15);
        const again = await agent.post('/api/subscriptions/cancel').expect(409);
        expect(again.body.detail).toBe('You are on the free Network Builder plan: there is no paid subscription to cancel.');
      });
    });

    describe('bad input', () => {
      it('an unknown plan is a 400 naming the plans there are', async () => {
        const { agent } = await signIn(t);
        const res = await agent.post('/api/subscriptions/create').send({ plan: 'gold' }).expect(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe('There is no plan called "gold": choose premium (Network Pro) or enterprise (Network Catalyst).');
        expect(res.body.errors).toEqual([{ field: 'plan', message: 'Choose premium or enterprise.' }]);
      });

      it('the free plan cannot be bought: the sentence says to cancel instead', async () => {
        const { agent } = await signIn(t);
        const res = await agent.post('/api/subscriptions/create').send({ plan: 'free' }).expect(400);
        expect(res.body.detail).toBe('Network Builder is the free plan: cancel your subscription to return to it.');
      });

      it('a missing or mistyped plan is a 400 with the field listed', async () => {
        const { agent } = await signIn(t);
        const missing = await agent.post('/api/subscriptions/create').send({}).expect(400);
        expect(missing.body.errors).toEqual([{ field: 'plan', message: 'Plan is required.' }]);
        const number = await agent.post('/api/subscriptions/create').send({ plan: 5 }).expect(400);
        expect(number.body.errors).toEqual([{ field: 'plan', message: 'Plan must be text.' }]);
      });

      it('a malformed JSON body is a 400, and nothing changes', async () => {
        const { agent } = await signIn(t);
        const res = await agent.post('/api/subscriptions/create').set('Content-Type', 'application/json').send('{"plan": "premium"').expect(400);
        expect(res.body.detail).toBe('The request body is not valid JSON.');
        expect((await agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('free');
      });

      it('cancel and portal refuse unexpected fields', async () => {
        const { agent } = await signIn(t);
        const res = await agent.post('/api/subscriptions/cancel').send({ immediately: true }).expect(400);
        expect(res.body.detail).toBe('Unknown field: immediately.');
      });

      it('the Stripe webhook is a 404 when Stripe billing is not configured', async () => {
        const res = await t.request.post('/api/stripe/webhook').set('Stripe-Signature', 't=1,v1=x').send({ id: 'evt_1' }).expect(404);
        expect(res.body.detail).toBe('Stripe billing is not configured on this server.');
      });
    });

    it('the OpenAPI document lists the subscription endpoints', async () => {
      const res = await t.request.get('/api/openapi.json').expect(200);
      for (const path of ['/subscriptions/plans', '/subscriptions/status', '/usage/current', '/subscriptions/create', '/subscriptions/cancel', '/subscriptions/portal', '/stripe/webhook']) {
        expect(res.body.paths).toHaveProperty([path]);
      }
    });
  },
  { env },
);
