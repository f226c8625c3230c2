// Local fakes of the outside world push talks to, speaking its wire format: Google's OAuth token
// endpoint with FCM HTTP v1 (what firebase-admin calls), and a browser push service (RFC 8030)
// that checks the VAPID signature (RFC 8292) and decrypts the payload (RFC 8291). The senders
// reach them through an https.Agent that connects every request to the fake, whatever its host:
// firebase-admin's `httpAgent` and web-push's `agent` options.
import { createPublicKey, createECDH, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import ece from 'http_ece';

/** An https.Agent whose every connection goes to 127.0.0.1:port in plain HTTP (the fake's server). */
export class LocalAgent extends https.Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }
  override createConnection(): net.Socket {
    return net.connect(this.port, '127.0.0.1');
  }
}

/** A scripted answer: the HTTP status and JSON body (default 200 and the service's success body). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

interface Listening {
  port: number;
  agent: LocalAgent;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void): Promise<Listening> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, agent: new LocalAgent(port), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const base64url = (value: string) => Buffer.from(value, 'base64url');
const jwtParts = (jwt: string) => {
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(base64url(payload).toString('utf8')) as Record<string, unknown>;
  } catch {
    // A malformed JWT verifies as nothing.
  }
  return { signed: `${header}.${payload}`, claims, signature: base64url(signature) };
};

/** FCM's v1 error body for a status and an FcmError code (UNREGISTERED, INVALID_ARGUMENT …). */
export function fcmError(status: number, errorCode: string, message = errorCode): FakeAnswer {
  const canonical: Record<number, string> = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
  return { status, body: { error: { code: status, message, status: canonical[status] ?? 'UNKNOWN', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } } };
}

export interface FcmSend {
  projectId: string;
  message: { token: string; notification: { title: string; body: string }; data: Record<string, string> };
  /** What the fake answered. */
  status: number;
}

export interface FakeFcm extends Listening {
  /** The service account's JSON key file (FCM_CREDENTIALS_FILE). */
  credentialsFile: string;
  projectId: string;
  /** Every send request, answered or refused, in order. */
  sends: FcmSend[];
  /** Token requests whose JWT assertion verified against the service account's public key. */
  tokensIssued: number;
  /** Answers for a device token, used in order; after them, 200. */
  script(token: string, ...answers: FakeAnswer[]): void;
}

/**
 * Google's token endpoint (POST /token: a JWT-bearer assertion signed with the service account's
 * key, verified here) and FCM HTTP v1 (POST /v1/projects/{id}/messages:send with that bearer token).
 */
export async function startFakeFcm(projectId = 'vouch-test'): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-fcm-'));
  const credentialsFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(credentialsFile, JSON.stringify({ type: 'service_account', project_id: projectId, client_email: clientEmail, private_key: privateKey }));
  const accessToken = randomBytes(16).toString('hex');
  const scripts = new Map<string, FakeAnswer[]>();
  const fake = {
    credentialsFile,
    projectId,
    sends: [] as FcmSend[],
    tokensIssued: 0,
    script(token: string, ...answers: FakeAnswer[]) {
      scripts.set(token, answers);
    },
  };
  const server = await listen((req, body, res) => {
    if (req.method === 'POST' && req.url === '/token') {
      const assertion = new URLSearchParams(body.toString('utf8')).get('assertion') ?? '';
      const { signed, claims, signature } = jwtParts(assertion);
      if (!verify('RSA-SHA256', Buffer.from(signed), publicKey, signature) || claims.iss !== clientEmail) return reply(res, 400, { error: 'invalid_grant' });
      fake.tokensIssued += 1;
      return reply(res, 200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
    }
    const projectOf = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !projectOf) return reply(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    if (req.headers.authorization !== `Bearer ${accessToken}`) return reply(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const { message } = JSON.parse(body.toString('utf8')) as { message: FcmSend['message'] };
    const answer = scripts.get(message.token)?.shift() ?? { status: 200, body: { name: `projects/${projectOf}/messages/${randomBytes(6).toString('hex')}` } };
    fake.sends.push({ projectId: projectOf, message, status: answer.status });
    reply(res, answer.status, answer.body ?? {});
  });
  return Object.assign(fake, server, {
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** A browser's push subscription: what it sends to POST /api/devices, and its private half. */
export interface FakeSubscription {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: string;
}

export interface WebPushDelivery {
  subscriptionId: string;
  /** The decrypted payload (JSON text), or null when it did not decrypt. */
  payload: string | null;
  /** Whether the VAPID JWT verified with the key it names, for this origin, not expired. */
  vapidValid: boolean;
  /** The `k` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  /** RFC 8030 Topic (a newer message of one topic replaces an undelivered older one); null without. */
  topic: string | null;
  status: number;
}

export interface FakeWebPush extends Listening {
  /** The push service's origin (the endpoints' host; the agent routes it here). */
  origin: string;
  deliveries: WebPushDelivery[];
  /** A new subscription on this push service. */
  subscribe(): FakeSubscription;
  /** Answers for a subscription, used in order; after them, 201. */
  script(subscription: FakeSubscription, ...answers: FakeAnswer[]): void;
}

/** A raw uncompressed P-256 point (base64url) as a public key object. */
function p256Key(raw: string) {
  const point = base64url(raw);
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
}

/** A push service at https://push.example.test: POST /push/{id}, 201 when accepted. */
export async function startFakeWebPush(): Promise<FakeWebPush> {
  const origin = 'https://push.example.test';
  const subscriptions = new Map<string, FakeSubscription>();
  const scripts = new Map<string, FakeAnswer[]>();
  const deliveries: WebPushDelivery[] = [];
  const server = await listen((req, body, res) => {
    const id = /^\/push\/([a-f0-9]+)$/.exec(req.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (req.method !== 'POST' || !id || !subscription) return reply(res, 404, { reason: 'unknown subscription' });
    const [, jwt = '', vapidKey = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(req.headers.authorization ?? '') ?? [];
    let vapidValid = false;
    if (jwt && vapidKey) {
      const { signed, claims, signature } = jwtParts(jwt);
      vapidValid = verify('sha256', Buffer.from(signed), { key: p256Key(vapidKey), dsaEncoding: 'ieee-p1363' }, signature) && claims.aud === origin && Number(claims.exp) * 1000 > Date.now() && typeof claims.sub === 'string';
    }
    let payload: string | null = null;
    try {
      payload = req.headers['content-encoding'] === 'aes128gcm' ? ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8') : null;
    } catch {
      payload = null;
    }
    const answer = scripts.get(id)?.shift() ?? { status: vapidValid && payload !== null ? 201 : 400 };
    const topic = typeof req.headers.topic === 'string' ? req.headers.topic : null;
    deliveries.push({ subscriptionId: id, payload, vapidValid, vapidKey, topic, status: answer.status });
    reply(res, answer.status, answer.body ?? {});
  });
  return Object.assign(server, {
    origin,
    deliveries,
    subscribe(): FakeSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const id = randomBytes(8).toString('hex');
      const made = { subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }, ecdh, auth };
      subscriptions.set(id, made);
      return made;
    },
    script(subscription: FakeSubscription, ...answers: FakeAnswer[]) {
      scripts.set(subscription.subscription.endpoint.split('/').pop()!, answers);
    },
  });
}
