import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { AuthContext, SessionRefusal } from './auth-context';
import type { Logger } from './logger';
import { problems } from './problems';

/**
 * When the gateway proxies a service, it has already resolved the session and the client's
 * address; it passes them in these headers, signed with INTERNAL_SERVICE_SECRET. The signature
 * covers the method, the URL the service receives, the time, a hash of the exact body bytes and
 * a single-use nonce: nobody can forge identity by sending the headers, change the body under a
 * signed identity, or replay a captured request (docs/security.md).
 */
export const INTERNAL_AUTH_HEADER = 'x-vouch-auth';
export const INTERNAL_SIGNATURE_HEADER = 'x-vouch-auth-signature';
const MAX_AGE_MS = 60_000;

interface SignedPayload {
  auth: AuthContext | null;
  /** Why a presented token resolved to no session: the service's 401 says it as the gateway's would. */
  refusal?: SessionRefusal;
  method: string;
  url: string;
  ts: number;
  /** The client's address as the gateway resolved it (TRUST_PROXY): per-address limits count the client, not the gateway. */
  ip: string | null;
  /** SHA-256 (base64url) of the body bytes forwarded. */
  body: string;
  nonce: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** SHA-256 (base64url) of a request body; no body hashes as empty. */
export function bodyDigest(body: Buffer | undefined): string {
  return createHash('sha256').update(body ?? Buffer.alloc(0)).digest('base64url');
}

/** What the gateway resolved for a request: the session (or why a presented token has none) and the client's address. */
export interface ForwardedIdentity {
  auth: AuthContext | null;
  refusal?: SessionRefusal;
  ip?: string | null;
  /** The body digest the signature covers (absent without signed headers). */
  body?: string;
}

export interface SignOptions {
  refusal?: SessionRefusal;
  now?: number;
  /** The client's address (req.ip at the gateway). */
  ip?: string | null;
  /** The exact body bytes forwarded (none for a request without a body). */
  body?: Buffer;
  /** Default: 16 random bytes. */
  nonce?: string;
}

/** Headers carrying `auth` for exactly this method, URL and body, valid once within one minute. */
export function signInternalAuth(secret: string, auth: AuthContext | null, method: string, url: string, options: SignOptions = {}): Record<string, string> {
  const payload: SignedPayload = {
    auth,
    ...(options.refusal && { refusal: options.refusal }),
    method: method.toUpperCase(),
    url,
    ts: options.now ?? Date.now(),
    ip: options.ip ?? null,
    body: bodyDigest(options.body),
    nonce: options.nonce ?? randomBytes(16).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { [INTERNAL_AUTH_HEADER]: encoded, [INTERNAL_SIGNATURE_HEADER]: sign(secret, encoded) };
}

/**
 * The nonces seen within their signature's lifetime: a second request with one is a replay.
 * In memory, per service process: a replay sent to another instance of the same service within
 * the minute is not caught here (bind services to a private interface, docs/security.md).
 */
export class NonceRegister {
  private readonly seen = new Map<string, number>();

  /** False when `nonce` was already used; otherwise remembers it until `expiresAt`. */
  use(nonce: string, expiresAt: number, now: number): boolean {
    for (const [old, until] of this.seen) {
      if (until > now) break; // insertion order ≈ expiry order; later ones are pruned on later calls
      this.seen.delete(old);
    }
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, expiresAt);
    return true;
  }
}

/**
 * The AuthContext the gateway vouched for, null for an anonymous request (no headers), or a
 * thrown 401 Problem when headers are present but not validly signed for this request.
 */
export function verifyInternalAuth(secret: string | undefined, headers: IncomingHttpHeaders, method: string, url: string, now = Date.now()): AuthContext | null {
  return verifyForwardedIdentity(secret, headers, method, url, now).auth;
}

/** verifyInternalAuth with the refusal, client address and body digest the gateway signed; a used nonce (with `nonces`) is refused. */
export function verifyForwardedIdentity(secret: string | undefined, headers: IncomingHttpHeaders, method: string, url: string, now = Date.now(), nonces?: NonceRegister): ForwardedIdentity {
  const encoded = headers[INTERNAL_AUTH_HEADER];
  const signature = headers[INTERNAL_SIGNATURE_HEADER];
  if (encoded === undefined && signature === undefined) return { auth: null };
  const refuse = () => problems.unauthorized('The forwarded identity could not be verified.');
  if (!secret || typeof encoded !== 'string' || typeof signature !== 'string') throw refuse();
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
  let payload: SignedPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SignedPayload;
  } catch {
    throw refuse();
  }
  if (payload.method !== method.toUpperCase() || payload.url !== url || Math.abs(now - payload.ts) > MAX_AGE_MS) throw refuse();
  if (typeof payload.nonce !== 'string' || typeof payload.body !== 'string') throw refuse();
  if (nonces && !nonces.use(payload.nonce, payload.ts + MAX_AGE_MS, now)) throw refuse();
  return { auth: payload.auth, ...(payload.refusal && { refusal: payload.refusal }), ip: payload.ip ?? null, body: payload.body };
}

const signedBodies = new WeakMap<Request, string>();

/**
 * Standalone-service middleware: sets req.auth, and req.ip to the client's address the gateway
 * resolved, from the gateway's signed headers (each nonce once). The body is checked against
 * the signature by signedBody(), once it has been read.
 */
export function internalAuth(secret: string | undefined, logger?: Logger): RequestHandler {
  if (!secret) logger?.warn('INTERNAL_SERVICE_SECRET is not set: forwarded identities will be refused and every request is anonymous.');
  const nonces = new NonceRegister();
  return (req, _res, next) => {
    const identity = verifyForwardedIdentity(secret, req.headers, req.method, req.originalUrl, Date.now(), nonces);
    if (identity.auth) req.auth = identity.auth;
    else delete req.auth;
    if (identity.refusal) req.authRefusal = identity.refusal;
    else delete req.authRefusal;
    if (identity.ip) Object.defineProperty(req, 'ip', { value: identity.ip, configurable: true, enumerable: true });
    if (identity.body !== undefined) signedBodies.set(req, identity.body);
    next();
  };
}

/** After the body parser (jsonBody keeps req.rawBody): a signed request whose body is not the one signed is refused. */
export function signedBody(): RequestHandler {
  return (req, _res, next) => {
    const signed = signedBodies.get(req);
    if (signed === undefined || signed === bodyDigest(req.rawBody)) {
      next();
      return;
    }
    delete req.auth;
    next(problems.unauthorized('The forwarded identity could not be verified.'));
  };
}
