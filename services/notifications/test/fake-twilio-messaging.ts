/**
 * A local stand-in for Twilio Programmable Messaging that speaks its wire format: the Messages
 * resource (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic with
 * the account SID and auth token), answering a message resource or a JSON error with Twilio's
 * error codes. The real twilio SDK reaches it through `fakeTwilioMessagingClient(fake)`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export const FAKE_MESSAGING_ACCOUNT_SID = `AC${'2'.repeat(32)}`;
export const FAKE_MESSAGING_AUTH_TOKEN = 'fake-messaging-auth-token';
export const FAKE_MESSAGING_SERVICE_SID = `MG${'3'.repeat(32)}`;

/** One message Twilio accepted (or refused: `status` is the HTTP status answered). */
export interface FakeTextMessage {
  to: string;
  body: string;
  messagingServiceSid: string | null;
  from: string | null;
  status: number;
}

export interface FakeTwilioError {
  status: number;
  code: number;
  message: string;
}

export class FakeTwilioMessaging {
  /** Every request in order, answered or refused. */
  readonly messages: FakeTextMessage[] = [];
  /** Numbers that replied STOP: Twilio refuses them with 21610 (Advanced Opt-Out). */
  readonly optedOut = new Set<string>();
  private readonly scripted = new Map<string, FakeTwilioError[]>();
  private server: http.Server | null = null;
  baseUrl = '';
  port = 0;

  /** The next answers for messages to `to`, in order (each once); then accepted again. */
  script(to: string, ...errors: FakeTwilioError[]): void {
    this.scripted.set(to, [...(this.scripted.get(to) ?? []), ...errors]);
  }

  /** The bodies accepted for `to`, in order. */
  delivered(to: string): string[] {
    return this.messages.filter((m) => m.to === to && m.status === 201).map((m) => m.body);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.baseUrl = `http://127.0.0.1:${this.port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const expected = `Basic ${Buffer.from(`${FAKE_MESSAGING_ACCOUNT_SID}:${FAKE_MESSAGING_AUTH_TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return this.json(res, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${FAKE_MESSAGING_ACCOUNT_SID}/Messages.json`) {
      return this.json(res, 404, { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 });
    }
    const message = { to: form.To ?? '', body: form.Body ?? '', messagingServiceSid: form.MessagingServiceSid ?? null, from: form.From ?? null };
    const refusal: FakeTwilioError | undefined = this.optedOut.has(message.to)
      ? { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }
      : !message.to || !message.body || (!message.messagingServiceSid && !message.from)
        ? { status: 400, code: 21604, message: "A 'To', 'Body' and sender are required." }
        : this.scripted.get(message.to)?.shift();
    if (refusal) {
      this.messages.push({ ...message, status: refusal.status });
      return this.json(res, refusal.status, { code: refusal.code, message: refusal.message, more_info: `https://www.twilio.com/docs/errors/${refusal.code}`, status: refusal.status });
    }
    this.messages.push({ ...message, status: 201 });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.json(res, 201, {
      sid,
      account_sid: FAKE_MESSAGING_ACCOUNT_SID,
      messaging_service_sid: message.messagingServiceSid,
      from: message.from,
      to: message.to,
      body: message.body,
      status: 'accepted',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${FAKE_MESSAGING_ACCOUNT_SID}/Messages/${sid}.json`,
    });
  }
}

/** A twilio RequestClient whose calls to api.twilio.com reach the fake instead. */
export function fakeTwilioMessagingClient(fake: { baseUrl: string }): InstanceType<typeof twilio.RequestClient> {
  const real = new twilio.RequestClient({ timeout: 5_000 });
  const client = Object.create(real) as InstanceType<typeof twilio.RequestClient>;
  client.request = (opts) => real.request({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, fake.baseUrl) });
  return client;
}

/** The environment of a server whose texts go to the fake (NODE_ENV=test would else use the dev outbox). */
export const FAKE_MESSAGING_ENV = {
  TWILIO_ACCOUNT_SID: FAKE_MESSAGING_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: FAKE_MESSAGING_AUTH_TOKEN,
  TWILIO_MESSAGING_SERVICE_SID: FAKE_MESSAGING_SERVICE_SID,
} as const;
