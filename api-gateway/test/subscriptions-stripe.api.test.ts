// Stripe billing through the real gateway: the real `stripe` SDK against the local fake Stripe
// server, and signed webhooks through the gateway's body parsing (issue 4).
import { startFakeStripe, fakeStripeEnv, type FakeStripe } from '@vouch/service-subscriptions/testing';
import { describeEachDatabase, signIn, type Agent } from './support';

let stripe: FakeStripe;
const options = { env: { AUTH_OTP_SEND_LIMIT_PER_IP: '1000', AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000' } as Record<string, string> };

// Runs before each database's suite builds its app, so the app sees the fake's address.
beforeAll(async () => {
  stripe = await startFakeStripe();
  Object.assign(options.env, fakeStripeEnv(stripe));
});
afterAll(async () => {
  await stripe?.close();
});

describeEachDatabase(
  'subscriptions with Stripe billing',
  (t) => {
    /** Delivers an event exactly as Stripe would: pretty-printed JSON, signed over those bytes. */
    const deliver = (event: object, signature?: string) => {
      const payload = JSON.stringify(event, null, 2);
      return t.request
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)')
        .set('Stripe-Signature', signature ?? stripe.sign(payload))
        .send(payload);
    };

    async function subscribe(agent: Agent, plan: 'premium' | 'enterprise') {
      const res = await agent.post('/api/subscriptions/create').send({ plan }).expect(200);
      const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
      const subscription = [...stripe.subscriptions.values()].filter((s) => s.customer === created.body.customer).at(-1)!;
      return { res, subscriptionId: subscription.id as string, customerId: created.body.customer as string };
    }

    it('the plans say Stripe billing, with the publishable key for the Payment Element', async () => {
      const res = await t.request.get('/api/subscriptions/plans').expect(200);
      expect(res.body.billing).toEqual({ provider: 'stripe', publishableKey: 'pk_test_vouch' });
    });

    it('when a member subscribes, Stripe gets a customer with their name and phone, and the page gets a client secret', async () => {
      const { agent, phone } = await signIn(t, ['Grace', 'Hopper']);
      const { res, customerId } = await subscribe(agent, 'premium');
      expect(res.body).toEqual({ clientSecret: expect.stringMatching(/_secret_/), status: 'incomplete' });
      expect(stripe.customers.get(customerId)).toMatchObject({ name: 'Grace Hopper', phone });
      expect((await agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('free');
    });

    it('when Stripe reports the payment, the signed webhook (raw bytes through the gateway) upgrades the member once', async () => {
      const { agent } = await signIn(t, ['Alan', 'Turing']);
      const { subscriptionId } = await subscribe(agent, 'enterprise');
      const event = stripe.event('customer.subscription.updated', stripe.pay(subscriptionId));

      expect((await deliver(event).expect(200)).body).toEqual({ received: true, outcome: 'applied' });
      expect((await agent.get('/api/subscriptions/status').expect(200)).body).toEqual({ plan: { name: 'enterprise', displayName: 'Network Catalyst' }, status: 'active' });
      expect((await agent.get('/api/usage/current').expect(200)).body.vouches).toEqual({ used: 0, monthly: -1 });
      expect((await deliver(event).expect(200)).body).toEqual({ received: true, outcome: 'duplicate' });
    });

    it('a webhook whose body was altered after signing is refused with a 400 problem', async () => {
      const { agent } = await signIn(t, ['Eve', 'Mallory']);
      const { subscriptionId } = await subscribe(agent, 'premium');
      const event = stripe.event('customer.subscription.updated', stripe.pay(subscriptionId));
      const signature = stripe.sign(JSON.stringify({ ...event, type: 'customer.subscription.deleted' }, null, 2));
      const res = await deliver(event, signature).expect(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toBe('The Stripe signature does not match this webhook body.');
      expect((await agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('free');
    });

    it('cancel runs to the period end; the portal returns to the app’s /subscription', async () => {
      const { agent } = await signIn(t, ['Katherine', 'Johnson']);
      const { subscriptionId, customerId } = await subscribe(agent, 'premium');
      await deliver(stripe.event('customer.subscription.created', stripe.pay(subscriptionId))).expect(200);

      const cancelled = await agent.post('/api/subscriptions/cancel').send({}).expect(200);
      expect(cancelled.body).toEqual({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: expect.any(String) });
      expect(new Date(cancelled.body.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());

      const portal = await agent.post('/api/subscriptions/portal').send({}).expect(200);
      expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
      const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
      expect(sent.body).toEqual({ customer: customerId, return_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/subscription$/) });
    });

    it('when Stripe refuses the price (misconfiguration), the member gets a 502 sentence and keeps the free plan', async () => {
      const { agent } = await signIn(t, ['Barbara', 'Liskov']);
      stripe.failNext('/v1/subscriptions', 400, { type: 'invalid_request_error', message: "No such price: 'price_x'" });
      const res = await agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(502);
      expect(res.body.detail).toBe('Stripe could not start your subscription; nothing was changed. Please try again in a moment.');
      expect(JSON.stringify(res.body)).not.toContain('price_x');
      expect((await agent.get('/api/subscriptions/status').expect(200)).body.plan.name).toBe('free');
    });
  },
  options,
);
