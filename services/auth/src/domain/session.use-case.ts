import type { AuthContext, Database, SessionRefusal } from '@vouch/service-core';
import { findLiveSessionByTokenHash, findSessionRefusal, touchSession } from '../data-access/session.repository';
import { addressPrefix } from './rate-limit';
import { hashSessionToken, isWellFormedSessionToken, shouldTouchSession } from './session';

/** Sliding expiry is extended at most this often, so a busy client costs one write per hour. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 60 * 60;

/** Who presents the token: where the sessions list says a session was last used. */
export interface SessionClient {
  /** The client address the gateway resolved (Express's req.ip). */
  ip?: string | undefined;
}

/**
 * The caller behind a session token (cookie or bearer), or null when the token is unknown,
 * revoked or expired (idle, or past its absolute end). One indexed query; the expiry slides
 * forward on use (at most hourly), up to the absolute end, and the session's last use and
 * network (the address prefix of `client.ip`) are noted with it.
 */
export async function resolveSession(db: Database, token: string | null | undefined, now: Date = new Date(), client: SessionClient = {}): Promise<AuthContext | null> {
  if (!isWellFormedSessionToken(token)) return null;
  const session = await findLiveSessionByTokenHash(db, hashSessionToken(token), now);
  if (!session) return null;
  if (shouldTouchSession(session.lastSeenAt, now, SESSION_TOUCH_INTERVAL_SECONDS)) {
    // The lifetime is kept implicitly: expiresAt - lastSeenAt is the TTL set at sign-in.
    const ttlMs = Math.max(0, session.expiresAt.getTime() - session.lastSeenAt.getTime());
    // ...and never past the session's absolute end (ASVS 3.3.2): then the member signs in again.
    const expiresAt = new Date(Math.min(now.getTime() + ttlMs, session.endsAt.getTime()));
    try {
      await db.transaction((t) => touchSession(db, session.id, now, expiresAt, t, addressPrefix(client.ip)));
    } catch {
      // Best effort: failing to extend must not fail the request.
    }
  }
  return { sessionId: session.id, phone: session.phone, memberId: session.memberId, writeStamp: session.writeStamp };
}

/**
 * Why `token` resolves to no session, so a 401 can say so (SESSION_EXPIRED, SESSION_REVOKED);
 * 'unknown' for anything that never was a session of ours. Only asked after resolveSession failed.
 */
export async function explainSessionRefusal(db: Database, token: string | null | undefined, now: Date = new Date()): Promise<SessionRefusal> {
  if (!isWellFormedSessionToken(token)) return 'unknown';
  return findSessionRefusal(db, hashSessionToken(token), now);
}
