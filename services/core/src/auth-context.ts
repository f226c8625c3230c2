import type { Request } from 'express';
import { problems } from './problems';

/** Who is calling: set by the gateway on `req.auth` before any service router runs. */
export interface AuthContext {
  sessionId: string;
  phone: string;
  /** null while the phone is verified but registration (names) is not complete. */
  memberId: number | null;
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

/** The signed-in member, or a 401 problem (no session, or registration not complete). */
export function requireMember(req: Request): MemberAuth {
  const auth = req.auth;
  if (!auth) throw problems.unauthorized();
  if (auth.memberId === null) throw problems.unauthorized('Registration is not complete: add your name first.');
  return { memberId: auth.memberId, phone: auth.phone, sessionId: auth.sessionId };
}
