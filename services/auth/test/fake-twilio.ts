/**
 * A local stand-in for Twilio Verify v2 that speaks its wire format (form-encoded requests,
 * JSON resources and JSON errors with Twilio error codes), so the real twilio SDK can be
 * exercised end to end. Point the SDK at it with `fakeTwilioHttpClient(fake)`. Custom
 * verification codes (CustomCode, then the feedback update Status=approved) as the server uses
 * them; a service without them enabled (`customCodes: false`) refuses a CustomCode like Verify.
 */
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export const FAKE_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const FAKE_AUTH_TOKEN = 'fake-auth-token';
export const FAKE_SERVICE_SID = `VA${'1'.repeat(32)}`;

interface PendingVerification {
  sid: string;
  to: string;
  code: string;
  createdAt: number;
  checkAttempts: number;
  /** Set by the feedback update (custom codes). */
  approved?: boolean;
}

export interface FakeTwilioOptions {
  /** Verify's defaults: codes live 10 minutes, 5 checks, 5 sends per 10 minutes per number. */
  ttlMs?: number;
  maxChecks?: number;
  maxSends?: number;
  /** The service has "Custom Verification Code" enabled (default true). */
  customCodes?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

export class FakeTwilioVerify {
  readonly requests: RecordedRequest[] = [];
  /** Every code "sent", in order (the test reads them as if it had the handset). */
  readonly sent: { to: string; code: string }[] = [];
  /** Verification sids whose custom code was reported used (the feedback update). */
  readonly approved: string[] = [];
  private readonly bySid = new Map<string, PendingVerification>();
  /** Answer every request with this failure instead (e.g. { status: 503, code: 20503 }). */
  failWith: { status: number; code: number; message: string } | null = null;
  /** When true, requests are read and never answered (a Verify that hangs). */
  hang = false;
  private now = Date.now();
  private readonly pending = new Map<string, PendingVerification>();
  private readonly sendTimes = new Map<string, number[]>();
  private server: http.Server | null = null;
  baseUrl = '';

  constructor(private readonly options: FakeTwilioOptions = {}) {}

  advance(ms: number): void {
    this.now += ms;
  }

  lastCode(to: string): string | undefined {
    return [...this.sent].reverse().find((s) => s.to === to)?.code;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private error(res: http.ServerResponse, status: number, code: number, message: string): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private resource(v: PendingVerification, status: string, serviceSid: string) {
    const iso = new Date(this.now).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return {
      sid: v.sid,
      service_sid: serviceSid,
      account_sid: FAKE_ACCOUNT_SID,
      to: v.to,
      channel: 'sms',
      status,
      valid: status === 'approved',
      lookup: { carrier: null },
      amount: null,
      payee: null,
      send_code_attempts: [{ attempt_sid: `VL${randomBytes(16).toString('hex')}`, channel: 'sms', time: iso }],
      date_created: new Date(v.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      date_updated: iso,
      sna: null,
      url: `https://verify.twilio.com/v2/Services/${serviceSid}/Verifications/${v.sid}`,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (req.url ?? '').split('?')[0]!;
    this.requests.push({ method: req.method ?? '', path, form, authorization: req.headers.authorization });

    const expectedAuth = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expectedAuth) return this.error(res, 401, 20003, 'Authenticate');
    if (this.hang) return;
    if (this.failWith) return this.error(res, this.failWith.status, this.failWith.code, this.failWith.message);

    const update = /^\/v2\/Services\/([^/]+)\/Verifications\/(VE[0-9a-f]{32})$/.exec(path);
    if (req.method === 'POST' && update) {
      // The feedback of a custom code: the verification was approved.
      const v = this.bySid.get(update[2]!);
      if (update[1] !== FAKE_SERVICE_SID || !v) return this.error(res, 404, 20404, `The requested resource ${path} was not found`);
      if (form.Status !== 'approved' && form.Status !== 'canceled') return this.error(res, 400, 60200, 'Invalid parameter: Status');
      v.approved = form.Status === 'approved';
      if (v.approved) this.approved.push(v.sid);
      this.pending.delete(v.to);
      return this.json(res, 200, this.resource(v, form.Status, update[1]!));
    }
    const match = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(path);
    if (req.method !== 'POST' || !match) return this.error(res, 404, 20404, `The requested resource ${path} was not found`);
    const [, serviceSid, kind] = match;
    if (serviceSid !== FAKE_SERVICE_SID) return this.error(res, 404, 20404, `The requested resource ${path} was not found`);
    const to = form.To ?? '';
    if (!/^\+\d{8,15}$/.test(to)) return this.error(res, 400, 60200, 'Invalid parameter `To`');
    const ttl = this.options.ttlMs ?? 10 * 60_000;

    if (kind === 'Verifications') {
      if (form.Channel !== 'sms') return this.error(res, 400, 60200, 'Invalid parameter: Channel');
      const windowStart = this.now - 10 * 60_000;
      const times = (this.sendTimes.get(to) ?? []).filter((t) => t > windowStart);
      if (times.length >= (this.options.maxSends ?? 5)) return this.error(res, 429, 60203, 'Max send attempts reached');
      this.sendTimes.set(to, [...times, this.now]);
      if (form.CustomCode !== undefined && this.options.customCodes === false) return this.error(res, 403, 60204, 'Service does not support this feature');
      const existing = this.pending.get(to);
      const live = existing && this.now - existing.createdAt < ttl ? existing : undefined;
      // Like Verify, a resend within the lifetime re-sends the same code; a custom code is texted as given.
      const v: PendingVerification =
        form.CustomCode !== undefined
          ? { sid: live?.sid ?? `VE${randomBytes(16).toString('hex')}`, to, code: form.CustomCode, createdAt: live?.createdAt ?? this.now, checkAttempts: 0 }
          : (live ?? { sid: `VE${randomBytes(16).toString('hex')}`, to, code: String(randomInt(0, 1_000_000)).padStart(6, '0'), createdAt: this.now, checkAttempts: 0 });
      this.pending.set(to, v);
      this.bySid.set(v.sid, v);
      this.sent.push({ to, code: v.code });
      return this.json(res, 201, this.resource(v, 'pending', serviceSid!));
    }

    const v = this.pending.get(to);
    if (!v || this.now - v.createdAt >= ttl) {
      this.pending.delete(to);
      return this.error(res, 404, 20404, `The requested resource /Services/${serviceSid}/VerificationCheck was not found`);
    }
    if (v.checkAttempts >= (this.options.maxChecks ?? 5)) return this.error(res, 429, 60202, 'Max check attempts reached');
    v.checkAttempts += 1;
    if (form.Code === v.code) {
      this.pending.delete(to);
      return this.json(res, 200, { ...this.resource(v, 'approved', serviceSid!), sna_attempts_error_codes: [] });
    }
    return this.json(res, 200, { ...this.resource(v, 'pending', serviceSid!), sna_attempts_error_codes: [] });
  }
}

/**
 * The SDK's own RequestClient (axios, auth headers, form encoding, error parsing) with only the
 * host swapped: https://verify.twilio.com → the fake.
 */
export function fakeTwilioHttpClient(fake: FakeTwilioVerify, options: { timeoutMs?: number } = {}): InstanceType<typeof twilio.RequestClient> {
  const real = new twilio.RequestClient(options.timeoutMs ? { timeout: options.timeoutMs } : {});
  const client = Object.create(real) as InstanceType<typeof twilio.RequestClient>;
  client.request = (opts) => real.request({ ...opts, uri: opts.uri.replace(/^https:\/\/verify\.twilio\.com/, fake.baseUrl) });
  return client;
}

/**
 * An OTP provider that texts nothing and keeps what it would have sent, for tests that run with
 * production settings (no dev outbox): `codeFor(phone)` is the newest code sent to the phone.
 */
export function recordingOtpProvider(): { name: 'twilio'; sent: { to: string; code: string }[]; send(phone: string, code: string): Promise<{ status: 'sent' }>; codeFor(phone: string): string } {
  const sent: { to: string; code: string }[] = [];
  return {
    name: 'twilio',
    sent,
    async send(phone, code) {
      sent.push({ to: phone, code });
      return { status: 'sent' };
    },
    codeFor(phone) {
      const found = [...sent].reverse().find((s) => s.to === phone);
      if (!found) throw new Error(`no code was sent to ${phone}`);
      return found.code;
    },
  };
}
