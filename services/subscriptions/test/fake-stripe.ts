/**
 * A local stand-in for the Stripe API, for tests of the real `stripe` SDK (DESIGN §1b: no
 * stripe-mock here). It speaks Stripe's wire format: form-encoded requests with bracketed
 * keys, bearer secret keys, Idempotency-Key replays, `expand[]`, JSON objects shaped like
 * Stripe's (API 2025+: periods on subscription items, invoice `confirmation_secret`) and
 * Stripe's error envelope. Point the SDK at it with `host`, `port` and `protocol: 'http'`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Form = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Form;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  prices: { premium: string; enterprise: string };
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The next request to `pathPrefix` answers with this Stripe error (once). */
  failNext(pathPrefix: string, status: number, error: { type: string; message: string; code?: string }): void;
  /** The next request to `pathPrefix` has its connection destroyed (a network failure). */
  dropNext(pathPrefix: string): void;
  /** The next request to `pathPrefix` is read and never answered (Stripe hangs). */
  hangNext(pathPrefix: string): void;
  /** What Stripe does when the first invoice is paid: the subscription becomes active. */
  pay(subscriptionId: string): Json;
  /** A Stripe Event wrapping `object`, as delivered to webhooks. */
  event(type: string, object: Json, options?: { id?: string; created?: number }): Json;
  /** Signs a webhook payload like Stripe does (Stripe-Signature header value). */
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const THIRTY_DAYS = 30 * 24 * 3600;

/** `items[0][price]=p&expand[0]=x&metadata[a]=b` → { items: [{ price: 'p' }], expand: ['x'], metadata: { a: 'b' } }. */
export function decodeStripeForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const prices = { premium: 'price_network_pro_monthly', enterprise: 'price_network_catalyst_monthly' };
  const amounts: Record<string, number> = { [prices.premium]: 2900, [prices.enterprise]: 9900 };
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const failures: Array<{ pathPrefix: string; status: number; error: { type: string; message: string; code?: string } }> = [];
  const drops: string[] = [];
  const hangs: string[] = [];
  const signer = new Stripe(secretKey);

  const priceObject = (priceId: string): Json => {
    if (!(priceId in amounts)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'items[0][price]', message: `No such price: '${priceId}'` });
    return { id: priceId, object: 'price', active: true, currency: 'usd', unit_amount: amounts[priceId], recurring: { interval: 'month', interval_count: 1 }, type: 'recurring' };
  };

  const item = (subscriptionId: string, priceId: string, start: number): Json => ({
    id: id('si'),
    object: 'subscription_item',
    subscription: subscriptionId,
    price: priceObject(priceId),
    quantity: 1,
    current_period_start: start,
    current_period_end: start + THIRTY_DAYS,
  });

  const invoiceFor = (subscription: Json): Json => {
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      amount_due: amounts[((subscription.items as { data: Json[] }).data[0]!.price as Json).id as string],
      currency: 'usd',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      confirmation_secret: { type: 'payment_intent', client_secret: `pi_${randomBytes(8).toString('hex')}_secret_${randomBytes(8).toString('hex')}` },
      created: nowSeconds(),
    };
    invoices.set(invoice.id as string, invoice);
    return invoice;
  };

  /** Stripe returns expandable fields as ids unless asked to expand them. */
  const render = (subscription: Json, expand: unknown): Json => {
    const wanted = Array.isArray(expand) ? (expand as string[]) : [];
    const invoiceId = subscription.latest_invoice as string;
    const invoice = { ...invoices.get(invoiceId)! };
    if (!wanted.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
    return { ...subscription, latest_invoice: wanted.some((w) => w === 'latest_invoice' || w.startsWith('latest_invoice.')) ? invoice : invoiceId };
  };

  const subscriptionOr404 = (subscriptionId: string): Json => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscriptionId}'` });
    return subscription;
  };

  function route(method: string, path: string, form: Form): Json {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = { id: id('cus'), object: 'customer', name: form.name ?? null, phone: form.phone ?? null, email: null, metadata: form.metadata ?? {}, created: nowSeconds(), livemode: false };
      customers.set(customer.id as string, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customerId = form.customer as string;
      if (!customers.has(customerId)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customerId}'` });
      const items = (form.items as Array<{ price: string }> | undefined) ?? [];
      if (items.length !== 1) throw new StripeHttpError(400, { type: 'invalid_request_error', param: 'items', message: 'Exactly one item is supported by this fake.' });
      if (form.payment_behavior !== 'default_incomplete') throw new StripeHttpError(400, { type: 'invalid_request_error', param: 'payment_behavior', message: 'This fake expects payment_behavior=default_incomplete.' });
      const start = nowSeconds();
      const subscriptionId = id('sub');
      const subscription: Json = {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'incomplete',
        cancel_at_period_end: false,
        canceled_at: null,
        created: start,
        start_date: start,
        livemode: false,
        metadata: form.metadata ?? {},
        payment_settings: form.payment_settings ?? null,
        items: { object: 'list', data: [item(subscriptionId, items[0]!.price, start)], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` },
      };
      subscription.latest_invoice = invoiceFor(subscription).id;
      subscriptions.set(subscriptionId, subscription);
      return render(subscription, form.expand);
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath && method === 'GET') return render(subscriptionOr404(subscriptionPath[1]!), form.expand);
    if (subscriptionPath && method === 'POST') {
      const subscription = subscriptionOr404(subscriptionPath[1]!);
      if (subscription.status === 'canceled') throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
      if (form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
      if (form.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(form.metadata as Json) };
      const items = form.items as Array<{ id?: string; price: string }> | undefined;
      if (items?.[0]) {
        const list = subscription.items as { data: Json[] };
        const existing = list.data.find((i) => i.id === items[0]!.id);
        if (!existing) throw new StripeHttpError(400, { type: 'invalid_request_error', param: 'items[0][id]', message: 'This fake only swaps the price of an existing item.' });
        existing.price = priceObject(items[0].price);
      }
      return render(subscription, form.expand);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(form.customer as string)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${String(form.customer)}'` });
      const sessionId = id('bps');
      return { id: sessionId, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url ?? null, url: `https://billing.stripe.com/p/session/test_${sessionId}`, created: nowSeconds(), livemode: false };
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = decodeStripeForm(req.method === 'GET' ? url.search.slice(1) : raw);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? '', path: url.pathname, body: form, idempotencyKey });
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), 'Stripe-Version': String(req.headers['stripe-version'] ?? '') });
        res.end(body);
      };
      const hangAt = hangs.findIndex((prefix) => url.pathname.startsWith(prefix));
      if (hangAt >= 0) {
        hangs.splice(hangAt, 1);
        return;
      }
      const dropAt = drops.findIndex((prefix) => url.pathname.startsWith(prefix));
      if (dropAt >= 0) {
        drops.splice(dropAt, 1);
        req.socket.destroy();
        return;
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
        return;
      }
      const failAt = failures.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
      if (failAt >= 0) {
        const [failure] = failures.splice(failAt, 1);
        send(failure!.status, JSON.stringify({ error: failure!.error }));
        return;
      }
      const replayKey = idempotencyKey && req.method === 'POST' ? `${idempotencyKey}` : null;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('Idempotent-Replayed', 'true');
        send(replay.status, replay.body);
        return;
      }
      let status = 200;
      let body: string;
      try {
        body = JSON.stringify(route(req.method ?? 'GET', url.pathname, form));
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        body = JSON.stringify({ error: error.body });
      }
      if (replayKey) idempotent.set(replayKey, { status, body });
      send(status, body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    secretKey,
    webhookSecret,
    prices,
    requests,
    customers,
    subscriptions,
    failNext(pathPrefix, status, error) {
      failures.push({ pathPrefix, status, error });
    },
    dropNext(pathPrefix) {
      drops.push(pathPrefix);
    },
    hangNext(pathPrefix) {
      hangs.push(pathPrefix);
    },
    pay(subscriptionId) {
      const subscription = subscriptionOr404(subscriptionId);
      subscription.status = 'active';
      const invoice = invoices.get(subscription.latest_invoice as string);
      if (invoice) invoice.status = 'paid';
      return render(subscription, []);
    },
    event(type, object, options = {}) {
      return {
        id: options.id ?? id('evt'),
        object: 'event',
        api_version: (Stripe as unknown as { API_VERSION?: string }).API_VERSION ?? null,
        created: options.created ?? nowSeconds(),
        data: { object: JSON.parse(JSON.stringify(object)) as Json },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    sign(payload, secret = webhookSecret) {
      return signer.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The env a server needs to use this fake through the Stripe provider. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_PREMIUM: fake.prices.premium,
    STRIPE_PRICE_ENTERPRISE: fake.prices.enterprise,
    // Short enough for a test of a hanging Stripe, long enough for a busy CI machine.
    STRIPE_TIMEOUT_MS: '3000',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_vouch',
    STRIPE_API_HOST: fake.host,
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: 'http',
  };
}
