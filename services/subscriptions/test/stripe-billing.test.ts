/**
 * The Stripe provider through the real `stripe` SDK against the local fake Stripe server, over
 * the service's own HTTP app (identity forwarded the way the gateway does it when proxying).
 */
import type { Express } from 'express';
import supertest from 'supertest';
import auth from '@vouch/service-auth';
import { createLogger, createServiceApp, runMigrations, signInternalAuth } from '@vouch/service-core';
import subscriptions from '../src/index';
import { findSubscriptionByMember, updateSubscription } from '../src/data-access/subscription.repository';
import { startFakeStripe, fakeStripeEnv, type FakeStripe } from './fake-stripe';
import { TEST_DATABASES, type TestDatabase } from './support/test-databases';

const INTERNAL_SERVICE_SECRET = 'internal-secret-for-tests';

describe.each(TEST_DATABASES)('Stripe billing on %s', (_name, open) => {
  let test: TestDatabase;
  let stripe: FakeStripe;
  let app: Express;
  let nextMember = 100;

  beforeAll(async () => {
    test = await open();
    await runMigrations(test.db, auth.migrations); // getMember reads the members table
    stripe = await startFakeStripe();
    const env = { ...fakeStripeEnv(stripe), INTERNAL_SERVICE_SECRET, APP_URL: 'https://vouch.example' };
    app = createServiceApp(subscriptions, { db: test.db, logger: createLogger({ env: { LOG_LEVEL: 'silent' } }), env });
  });
  afterAll(async () => {
    await stripe?.close();
    await test?.drop();
  });

  /** A request from signed-in member `memberId`, forwarded with the gateway's signed identity (which binds the body). */
  const as = (memberId: number, method: 'get' | 'post', url: string, body?: object) => {
    const bytes = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = supertest(app)[method](url).set(signInternalAuth(INTERNAL_SERVICE_SECRET, { memberId, phone: '+15555550100', sessionId: `s${memberId}` }, method, url, { body: bytes }));
    return bytes ? request.set('Content-Type', 'application/json').send(bytes.toString()) : request;
  };

  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return supertest(app)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', signature ?? stripe.sign(payload))
      .send(payload);
  };

  const status = async (memberId: number) => (await as(memberId, 'get', '/api/subscriptions/status').expect(200)).body;

  /** Buys `plan` and pays for it; returns the Stripe subscription id. */
  async function subscribeAndPay(memberId: number, plan: 'premium' | 'enterprise') {
    await as(memberId, 'post', '/api/subscriptions/create', { plan }).expect(200);
    const subscription = [...stripe.subscriptions.values()].filter((s) => (s.metadata as { memberId: string }).memberId === String(memberId)).at(-1)!;
    await deliver(stripe.event('customer.subscription.updated', stripe.pay(subscription.id as string))).expect(200);
    return subscription.id as string;
  }

  it('announces Stripe billing and the publishable key with the plans', async () => {
    const res = await supertest(app).get('/api/subscriptions/plans').expect(200);
    expect(res.body.billing).toEqual({ provider: 'stripe', publishableKey: 'pk_test_vouch' });
  });

  it('when a member subscribes, a customer and an incomplete subscription are created and the client secret returned; the plan waits for payment', async () => {
    const member = nextMember++;
    const res = await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(200);
    expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/), status: 'incomplete' });

    const created = stripe.requests.filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST').at(-1)!;
    expect(created.body).toMatchObject({
      items: [{ price: stripe.prices.premium }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { memberId: String(member), plan: 'premium' },
    });
    expect(created.idempotencyKey).toBeTruthy();
    const row = await findSubscriptionByMember(test.db, member);
    expect(row?.stripeCustomerId).toBe(created.body.customer);
    expect(stripe.customers.get(row!.stripeCustomerId!)?.metadata).toEqual({ memberId: String(member) });
    expect(await status(member)).toEqual({ plan: { name: 'free', displayName: 'Network Builder' }, status: 'active' });
  });

  it('when the member clicks twice, the customer is reused and Stripe replays the same subscription', async () => {
    const member = nextMember++;
    const first = await as(member, 'post', '/api/subscriptions/create', { plan: 'enterprise' }).expect(200);
    const second = await as(member, 'post', '/api/subscriptions/create', { plan: 'enterprise' }).expect(200);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const customerId = (await findSubscriptionByMember(test.db, member))!.stripeCustomerId;
    const theirs = [...stripe.subscriptions.values()].filter((s) => s.customer === customerId);
    expect(theirs).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers' && r.body.metadata && (r.body.metadata as { memberId: string }).memberId === String(member))).toHaveLength(1);
  });

  it('when payment succeeds, the subscription webhook moves the member to the plan; a replayed event is acknowledged but applied once', async () => {
    const member = nextMember++;
    await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(200);
    const customerId = (await findSubscriptionByMember(test.db, member))!.stripeCustomerId;
    const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === customerId)!;
    const paid = stripe.event('customer.subscription.updated', stripe.pay(subscription.id as string));

    expect((await deliver(paid).expect(200)).body).toEqual({ received: true, outcome: 'applied' });
    expect(await status(member)).toEqual({ plan: { name: 'premium', displayName: 'Network Pro' }, status: 'active' });
    const usage = (await as(member, 'get', '/api/usage/current').expect(200)).body;
    expect(usage.vouches).toEqual({ used: 0, monthly: 100 });

    // Something else changes the row; the replay must not put the old state back.
    await test.db.transaction((t) => updateSubscription(test.db, member, { status: 'past_due' }, t));
    expect((await deliver(paid).expect(200)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await status(member)).status).toBe('past_due');
  });

  it('when two deliveries of one event arrive at once, it is applied once', async () => {
    const member = nextMember++;
    await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(200);
    const customerId = (await findSubscriptionByMember(test.db, member))!.stripeCustomerId;
    const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === customerId)!;
    const paid = stripe.event('customer.subscription.created', stripe.pay(subscription.id as string));
    const outcomes = (await Promise.all([deliver(paid), deliver(paid), deliver(paid)])).map((r) => r.body.outcome);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('when the invoice is paid, the subscription is read back from Stripe and the plan applied', async () => {
    const member = nextMember++;
    await as(member, 'post', '/api/subscriptions/create', { plan: 'enterprise' }).expect(200);
    const customerId = (await findSubscriptionByMember(test.db, member))!.stripeCustomerId;
    const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === customerId)!;
    stripe.pay(subscription.id as string);
    const invoice = { id: 'in_paid', object: 'invoice', customer: customerId, status: 'paid', parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } } };
    await deliver(stripe.event('invoice.paid', invoice)).expect(200);
    expect(await status(member)).toEqual({ plan: { name: 'enterprise', displayName: 'Network Catalyst' }, status: 'active' });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
  });

  it('when a renewal payment fails, the status follows Stripe (past_due keeps the plan during retries)', async () => {
    const member = nextMember++;
    const subscriptionId = await subscribeAndPay(member, 'premium');
    stripe.subscriptions.get(subscriptionId)!.status = 'past_due';
    const invoice = { id: 'in_failed', object: 'invoice', customer: stripe.subscriptions.get(subscriptionId)!.customer, status: 'open', parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } } };
    await deliver(stripe.event('invoice.payment_failed', invoice)).expect(200);
    expect(await status(member)).toEqual({ plan: { name: 'premium', displayName: 'Network Pro' }, status: 'past_due' });
  });

  it('refuses a webhook whose signature does not match the body, or that has none (400), and changes nothing', async () => {
    const member = nextMember++;
    await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(200);
    const customerId = (await findSubscriptionByMember(test.db, member))!.stripeCustomerId;
    const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === customerId)!;
    const event = stripe.event('customer.subscription.updated', stripe.pay(subscription.id as string));
    const signedForOther = stripe.sign(JSON.stringify({ ...event, id: 'evt_other' }));

    const tampered = await deliver(event, signedForOther).expect(400);
    expect(tampered.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(tampered.body.detail).toBe('The Stripe signature does not match this webhook body.');
    const wrongSecret = await deliver(event, stripe.sign(JSON.stringify(event), 'whsec_not_ours')).expect(400);
    expect(wrongSecret.body.detail).toBe('The Stripe signature does not match this webhook body.');
    const unsigned = await supertest(app).post('/api/stripe/webhook').set('Content-Type', 'application/json').send(JSON.stringify(event)).expect(400);
    expect(unsigned.body.detail).toBe('The Stripe-Signature header is missing.');
    expect((await status(member)).plan.name).toBe('free');
  });

  it('when a member cancels, the plan runs to the end of the period; when Stripe ends it, the member is back on free', async () => {
    const member = nextMember++;
    const subscriptionId = await subscribeAndPay(member, 'premium');
    const res = await as(member, 'post', '/api/subscriptions/cancel').expect(200);
    const periodEnd = (stripe.subscriptions.get(subscriptionId)!.items as { data: Array<{ current_period_end: number }> }).data[0]!.current_period_end;
    expect(res.body).toEqual({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await status(member)).plan.name).toBe('premium');

    const ended = { ...stripe.subscriptions.get(subscriptionId)!, status: 'canceled' };
    await deliver(stripe.event('customer.subscription.deleted', ended)).expect(200);
    expect(await status(member)).toEqual({ plan: { name: 'free', displayName: 'Network Builder' }, status: 'active' });

    // Subscribing again starts a new subscription (a fresh idempotency key), not a replay of the old one.
    const again = await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(200);
    expect(again.body.status).toBe('incomplete');
    expect([...stripe.subscriptions.values()].filter((s) => s.customer === stripe.subscriptions.get(subscriptionId)!.customer)).toHaveLength(2);
  });

  it('a late event about an older subscription does not undo the current one', async () => {
    const member = nextMember++;
    const subscriptionId = await subscribeAndPay(member, 'premium');
    const stale = stripe.event('customer.subscription.updated', { ...stripe.subscriptions.get(subscriptionId)!, status: 'incomplete' }, { created: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(stale).expect(200)).body.outcome).toBe('ignored');
    expect((await status(member)).status).toBe('active');
  });

  it('switching between paid plans changes the price of the existing subscription at once', async () => {
    const member = nextMember++;
    const subscriptionId = await subscribeAndPay(member, 'premium');
    const res = await as(member, 'post', '/api/subscriptions/create', { plan: 'enterprise' }).expect(200);
    expect(res.body).toEqual({ clientSecret: null, status: 'active' });
    const items = stripe.subscriptions.get(subscriptionId)!.items as { data: Array<{ price: { id: string } }> };
    expect(items.data[0]!.price.id).toBe(stripe.prices.enterprise);
    expect((await status(member)).plan.name).toBe('enterprise');
    await as(member, 'post', '/api/subscriptions/create', { plan: 'enterprise' }).expect(409);
  });

  it('opens the billing portal for the member’s customer, returning to APP_URL/subscription', async () => {
    const member = nextMember++;
    await subscribeAndPay(member, 'premium');
    const res = await as(member, 'post', '/api/subscriptions/portal').expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const portal = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.body).toEqual({ customer: (await findSubscriptionByMember(test.db, member))!.stripeCustomerId, return_url: 'https://vouch.example/subscription' });
  });

  it('without a billing account the portal is a 400 with a sentence', async () => {
    const res = await as(nextMember++, 'post', '/api/subscriptions/portal').expect(400);
    expect(res.body.detail).toBe('You have no billing account yet: choose a paid plan first.');
  });

  it('when Stripe refuses a request, the member gets a 502 sentence and nothing is written', async () => {
    const member = nextMember++;
    stripe.failNext('/v1/customers', 400, { type: 'invalid_request_error', message: 'Invalid phone number' });
    const res = await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(502);
    expect(res.body.detail).toBe('Stripe could not create your billing account; nothing was changed. Please try again in a moment.');
    expect(await findSubscriptionByMember(test.db, member)).toMatchObject({ plan: 'free', status: 'active', stripeCustomerId: null, stripeSubscriptionId: null });
  });

  it('when Stripe cannot be reached (even after the SDK retries), the cancellation is a 502 and the plan stays', async () => {
    const member = nextMember++;
    const subscriptionId = await subscribeAndPay(member, 'premium');
    stripe.dropNext(`/v1/subscriptions/${subscriptionId}`);
    stripe.dropNext(`/v1/subscriptions/${subscriptionId}`);
    const res = await as(member, 'post', '/api/subscriptions/cancel').expect(502);
    expect(res.body.detail).toBe('Stripe could not cancel your subscription; nothing was changed. Please try again in a moment.');
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect((await findSubscriptionByMember(test.db, member))!.cancelAtPeriodEnd).toBe(false);
  });

  it('when Stripe does not answer (even after the SDK retries), buying a plan is a 502 after the timeout and nothing is written', async () => {
    const member = nextMember++;
    stripe.hangNext('/v1/customers');
    stripe.hangNext('/v1/customers');
    const res = await as(member, 'post', '/api/subscriptions/create', { plan: 'premium' }).expect(502);
    expect(res.body.detail).toBe('Stripe could not create your billing account; nothing was changed. Please try again in a moment.');
    expect(await findSubscriptionByMember(test.db, member)).toMatchObject({ plan: 'free', status: 'active', stripeCustomerId: null, stripeSubscriptionId: null });
  });
});
