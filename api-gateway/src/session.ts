import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { SESSION_COOKIE } from '@vouch/contracts';
import { INTERNAL_AUTH_HEADER, INTERNAL_SIGNATURE_HEADER, isDevelopmentMode, problems, type AuthContext, type Database, type SessionRefusal } from '@vouch/service-core';
import { createSessionCache, type SessionCache } from './session-cache';

/** Resolves a session token; `client.ip` is where the sessions list says it was last used. */
export type ResolveSession = (db: Database, token: string, client?: { ip?: string | undefined }) => Promise<AuthContext | null>;
/** Why a presented token resolved to nothing (asked only then), so a 401 can say expired or revoked. */
export type ExplainSessionRefusal = (db: Database, token: string) => Promise<SessionRefusal>;

/**
 * The value of cookie `name`, or undefined when it is absent, malformed, or sent more than once:
 * a sibling subdomain can add a second cookie of the same name that the browser may send first,
 * so neither is trusted (the request is not signed in; signing in again or signing out fixes it).
 */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let value: string | undefined;
  let seen = false;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      if (seen) return undefined;
      seen = true;
      try {
        value = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        value = undefined;
      }
    }
  }
  return value;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The session token a request presents: its Bearer (mobile) before its session cookie (web),
 * read only under `cookieName`, the name this mode sets (contracts' sessionCookieName): in
 * production a `vouch_session` cookie, which anyone on a sibling subdomain could plant, is ignored.
 */
export function sessionToken(headers: IncomingHttpHeaders, cookieName: string = SESSION_COOKIE): string | undefined {
  return bearerToken(headers.authorization) ?? cookieValue(headers.cookie, cookieName);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session once per request (cookie for web, Bearer for mobile) and sets req.auth;
 * services never read cookies. Identity headers sent by a client are dropped first.
 *
 * Reads may be answered from `cache` (a lookup at most its TTL old). Any other method reads the
 * database, and once it has been answered the token, and every session of its member, is
 * forgotten: a write may have ended or changed the session (sign-out, signing in again,
 * registration) or all of the member's sessions (account deletion), so the next request on this
 * instance reads them afresh. Default: no cache.
 */
export function resolveAuth(
  db: Database,
  resolveSession: ResolveSession,
  cache: SessionCache = createSessionCache({ ttlMs: 0 }),
  explainRefusal: ExplainSessionRefusal = async () => 'unknown',
  cookieName: string = SESSION_COOKIE,
): RequestHandler {
  return async (req, res, next) => {
    delete req.headers[INTERNAL_AUTH_HEADER];
    delete req.headers[INTERNAL_SIGNATURE_HEADER];
    delete req.auth;
    delete req.authRefusal;
    delete req.memberWriteStamp;
    const token = sessionToken(req.headers, cookieName);
    if (token) {
      let auth: AuthContext | null;
      if (READS.has(req.method)) {
        let lookedUp = null as AuthContext | null; // set by the lookup, when this request runs it
        auth = await cache.resolve(token, async () => (lookedUp = await resolveSession(db, token, { ip: req.ip })));
        // Read by this request (not kept, nor shared with one that started earlier): its stamp is current.
        if (auth && auth === lookedUp && auth.writeStamp !== undefined) req.memberWriteStamp = auth.writeStamp;
      } else {
        // After the handler's writes committed: this token, and every other session of the same
        // member kept here (deleting the account or signing out everywhere ends them all).
        res.once('close', () => {
          cache.forget(token);
          if (auth && auth.memberId !== null) cache.forgetMember(auth.memberId);
        });
        auth = await resolveSession(db, token, { ip: req.ip });
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
 * "Ours" is PUBLIC_URL and ALLOWED_ORIGINS (comma-separated), scheme, host and port each; in
 * development mode also the scheme and Host the request came with (outside it PUBLIC_URL is
 * required, and http://host must not pass for https://host behind a proxy that hides the scheme).
 */
export function refuseForeignWrites(env: NodeJS.ProcessEnv): RequestHandler {
  const sameHostCounts = isDevelopmentMode(env);
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
    } else if (sameHostCounts) {
      try {
        foreign = new URL(origin).origin !== new URL(`${req.protocol}://${req.headers.host}`).origin;
      } catch {
        foreign = true; // "null" (sandboxed frames, file://) or garbage
      }
    } else {
      foreign = true;
    }
    next(foreign ? problems.forbidden('This request came from another site and was refused.', 'FOREIGN_ORIGIN') : undefined);
  };
}
