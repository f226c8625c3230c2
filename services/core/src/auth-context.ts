import type { Request } from 'express';
import { problems, type Problem } from './problems';

/** Why a presented session token did not resolve: set by the gateway, told to the client as a 401 code. */
export type SessionRefusal = 'expired' | 'revoked' | 'unknown';

/** Who is calling: set by the gateway on `req.auth` before any service router runs. */
export interface AuthContext {
  sessionId: string;
  phone: string;
  /** null while the phone is verified but registration (names) is not complete. */
  memberId: number | null;
  /** The member's write stamp read with the session (MemberWriteStamps); old once the session is kept in a cache. */
  writeStamp?: number;
}

export interface MemberAuth {
  memberId: number;
  phone: string;
  sessionId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The resolved session, or undefined for an anonymous request. Read it with currentAuth(). */
    auth?: AuthContext;
    /** The member's write stamp when this request read it with its session (not from a cache): the member
     *  read cache then needs no read of its own (services/core/src/member-read-cache.ts). */
    memberWriteStamp?: number;
    /** Set when a token was presented but resolved to no session (so a 401 can say why). */
    authRefusal?: SessionRefusal;
    /** The request id (X-Request-Id), set by the requestId middleware. (Not `id`: pino-http
     *  declares that one on IncomingMessage with another type.) */
    requestId?: string;
    /** The exact bytes of a JSON body, kept for signature checks (e.g. Stripe webhooks). */
    rawBody?: Buffer;
  }
}

export function currentAuth(req: Request): AuthContext | null {
  return req.auth ?? null;
}

/**
 * The 401 for this request, its code saying why: SESSION_EXPIRED / SESSION_REVOKED for a token
 * that no longer works, REGISTRATION_INCOMPLETE for a verified phone without a name yet,
 * SESSION_MISSING otherwise (none sent, or not a token of ours).
 */
export function unauthenticated(req: Request, detail?: string): Problem {
  if (req.auth && req.auth.memberId === null) return problems.unauthorized(detail ?? 'Registration is not complete: add your name first.', 'REGISTRATION_INCOMPLETE');
  if (req.authRefusal === 'expired') return problems.unauthorized(detail, 'SESSION_EXPIRED');
  if (req.authRefusal === 'revoked') return problems.unauthorized(detail, 'SESSION_REVOKED');
  return problems.unauthorized(detail);
}

/** The caller's session, finished registering or not, or a 401 problem. */
export function requireSession(req: Request): AuthContext {
  if (!req.auth) throw unauthenticated(req);
  return req.auth;
}

/** The signed-in member, or a 401 problem (no session, or registration not complete). */
export function requireMember(req: Request): MemberAuth {
  const auth = req.auth;
  if (!auth || auth.memberId === null) throw unauthenticated(req);
  return { memberId: auth.memberId, phone: auth.phone, sessionId: auth.sessionId };
}
