import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import type { AuthContext, SessionRefusal } from './auth-context';
import type { Logger } from './logger';
import { problems } from './problems';

/**
 * When the gateway proxies a service, it has already resolved the session; it passes the
 * result in these headers, signed with INTERNAL_SERVICE_SECRET. A standalone service trusts
 * identity only when the signature checks out, so nobody can forge it by sending the headers.
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
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** What the gateway resolved for a request: the session, or why a presented token has none. */
export interface ForwardedIdentity {
  auth: AuthContext | null;
  refusal?: SessionRefusal;
}

/** Headers carrying `auth` (and the refusal, if any) for exactly this method + URL, valid for one minute. */
export function signInternalAuth(secret: string, auth: AuthContext | null, method: string, url: string, options: { refusal?: SessionRefusal; now?: number } = {}): Record<string, string> {
  const payload: SignedPayload = { auth, ...(options.refusal && { refusal: options.refusal }), method: method.toUpperCase(), url, ts: options.now ?? Date.now() };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { [INTERNAL_AUTH_HEADER]: encoded, [INTERNAL_SIGNATURE_HEADER]: sign(secret, encoded) };
}

/**
 * The AuthContext the gateway vouched for, null for an anonymous request (no headers), or a
 * thrown 401 Problem when headers are present but not validly signed for this request.
 */
export function verifyInternalAuth(secret: string | undefined, headers: IncomingHttpHeaders, method: string, url: string, now = Date.now()): AuthContext | null {
  return verifyForwardedIdentity(secret, headers, method, url, now).auth;
}

/** verifyInternalAuth with the refusal the gateway saw (an expired or revoked token). */
export function verifyForwardedIdentity(secret: string | undefined, headers: IncomingHttpHeaders, method: string, url: string, now = Date.now()): ForwardedIdentity {
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
  return { auth: payload.auth, ...(payload.refusal && { refusal: payload.refusal }) };
}

/** Standalone-service middleware: sets req.auth from the gateway's signed headers. */
export function internalAuth(secret: string | undefined, logger?: Logger): RequestHandler {
  if (!secret) logger?.warn('INTERNAL_SERVICE_SECRET is not set: forwarded identities will be refused and every request is anonymous.');
  return (req, _res, next) => {
    const { auth, refusal } = verifyForwardedIdentity(secret, req.headers, req.method, req.originalUrl);
    if (auth) req.auth = auth;
    else delete req.auth;
    if (refusal) req.authRefusal = refusal;
    else delete req.authRefusal;
    next();
  };
}
