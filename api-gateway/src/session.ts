import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER, problems, type AuthContext, type Database, type SessionRefusal } from '@vouch/service-core';
import { createSessionCache, type SessionCache } from './session-cache';

export const SESSION_COOKIE = 'vouch_session';
export type ResolveSession = (db: Database, token: string) => Promise<AuthContext | null>;
/** Why a presented token resolved to nothing (asked only then), so a 401 can say expired or revoked. */
export type ExplainSessionRefusal = (db: Database, token: string) => Promise<SessionRefusal>;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The session token a request presents: its Bearer (mobile) before its session cookie (web). */
export function sessionToken(headers: IncomingHttpHeaders): string | undefined {
  return bearerToken(headers.authorization) ?? cookieValue(headers.cookie, SESSION_COOKIE);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session once per request (cookie for web, Bearer for mobile) and sets req.auth;
 * services never read cookies. Identity headers sent by a client are dropped first.
 *
 * Reads may be answered from `cache` (a lookup at most its TTL old). Any other method reads the
 * database, and once it has been answered the token is forgotten: a write may have ended or
 * changed the session (sign-out, signing in again, registration, account deletion), so the
 * next request on this instance reads it afresh. Default: no cache.
 */
export function resolveAuth(
  db: Database,
  resolveSession: ResolveSession,
  cache: SessionCache = createSessionCache({ ttlMs: 0 }),
  explainRefusal: ExplainSessionRefusal = async () => 'unknown',
): RequestHandler {
  return async (req, res, next) => {
    delete req.headers[INTERNAL_AUTH_HEADER];
    delete req.headers[INTERNAL_SIGNATURE_HEADER];
    delete req.auth;
    delete req.authRefusal;
    delete req.memberWriteStamp;
    const token = sessionToken(req.headers);
    if (token) {
      let auth: AuthContext | null;
      if (READS.has(req.method)) {
        let lookedUp = null as AuthContext | null; // set by the lookup, when this request runs it
        auth = await cache.resolve(token, async () => (lookedUp = await resolveSession(db, token)));
        // Read by this request (not kept, nor shared with one that started earlier): its stamp is current.
        if (auth && auth === lookedUp && auth.writeStamp !== undefined) req.memberWriteStamp = auth.writeStamp;
      } else {
        res.once('close', () => cache.forget(token)); // after the handler's writes committed
        auth = await resolveSession(db, token);
      }
      if (auth) req.auth = auth;
      else req.authRefusal = await explainRefusal(db, token);
    }
    next();
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard: a write that a browser sends from a foreign page (its
 * Origin is not ours) is refused. Bearer requests are exempt: a page cannot attach them.
 * "Ours" is the Host the request came to, PUBLIC_URL, and ALLOWED_ORIGINS (comma-separated).
 */
export function refuseForeignWrites(env: NodeJS.ProcessEnv): RequestHandler {
  const allowed = new Set(
    [env.PUBLIC_URL, ...(env.ALLOWED_ORIGINS ?? '').split(',')]
      .map((value) => value?.trim())
      .filter((value): value is string => Boolean(value))
      .map((value) => new URL(value).origin),
  );
  return (req, _res, next) => {
    if (!WRITES.has(req.method) || bearerToken(req.headers.authorization)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    let foreign: boolean;
    if (origin === undefined) {
      foreign = req.headers['sec-fetch-site'] === 'cross-site';
    } else if (allowed.has(origin)) {
      foreign = false;
    } else {
      try {
        foreign = new URL(origin).host !== req.headers.host;
      } catch {
        foreign = true; // "null" (sandboxed frames, file://) or garbage
      }
    }
    next(foreign ? problems.forbidden('This request came from another site and was refused.', 'FOREIGN_ORIGIN') : undefined);
  };
}
