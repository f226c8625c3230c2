/**
 * The member's sessions (issue 43 item 2, GitHub's session settings): every browser and app
 * signed in to their account, where each was last used and when; end one, or all but the one in
 * hand. Ending a session also takes away its device's own allowance of codes for the phone.
 */
import type { SessionSummary } from '@vouch/contracts';
import { problems, type Database } from '@vouch/service-core';
import { findMemberById } from '../data-access/member.repository';
import { findSessionDeviceHash, listLiveSessions } from '../data-access/session.repository';
import { forgetDevices } from '../data-access/sign-in-device.repository';
import { endSessions, type EndedSessionRow, type SessionEndDeps } from './session-end';
import { describeUserAgent } from './user-agent';

/** GET /api/auth/sessions lists at most this many (a member with more sees the most recently used). */
export const SESSIONS_LISTED = 100;

export const SESSION_NOT_FOUND = 'There is no such session of yours: it may have ended already.';

async function requireMemberRow(db: Database, memberId: number) {
  const member = await findMemberById(db, memberId);
  if (!member) throw problems.unauthorized();
  return member;
}

/** GET /api/auth/sessions: the member's live sessions, most recently used first; `currentId` is the caller's. */
export async function listSessions(db: Database, memberId: number, currentId: string, now: Date): Promise<SessionSummary[]> {
  const member = await requireMemberRow(db, memberId);
  const rows = await listLiveSessions(db, member, now, SESSIONS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    device: describeUserAgent(row.userAgent),
    kind: row.kind === 'token' ? 'app' : 'browser',
    place: row.addressPrefix,
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: (row.id === currentId ? now : row.lastSeenAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** The ended sessions' devices no longer get codes from the allowance of a device that signed in (but the caller's own device). */
async function forgetEndedDevices(deps: SessionEndDeps, phone: string, ended: readonly EndedSessionRow[], currentSessionId: string): Promise<void> {
  const keep = await findSessionDeviceHash(deps.db, currentSessionId);
  const hashes = [...new Set(ended.map((row) => row.deviceHash).filter((hash): hash is string => hash !== null && hash !== keep))];
  await forgetDevices(deps.db, phone, hashes);
}

/**
 * DELETE /api/auth/sessions/{id}: ends one of the member's sessions (404 when it is not theirs,
 * or has ended). Ending the current one is signing out. Returns whether it was the current one.
 */
export async function endOneSession(deps: SessionEndDeps, memberId: number, currentSessionId: string, sessionId: string, now: Date): Promise<{ wasCurrent: boolean }> {
  const member = await requireMemberRow(deps.db, memberId);
  const wasCurrent = sessionId === currentSessionId;
  const ended = await endSessions(deps, { kind: 'ids', ids: [sessionId], member }, wasCurrent ? 'signed-out' : 'ended-by-member', now);
  if (ended.length === 0) throw problems.notFound(SESSION_NOT_FOUND);
  if (!wasCurrent) await forgetEndedDevices(deps, member.phone, ended, currentSessionId);
  return { wasCurrent };
}

/** POST /api/auth/sessions/sign-out-others: ends every session of the member but the caller's; how many ended. */
export async function endOtherSessions(deps: SessionEndDeps, memberId: number, currentSessionId: string, now: Date): Promise<number> {
  const member = await requireMemberRow(deps.db, memberId);
  const ended = await endSessions(deps, { kind: 'member', member, except: currentSessionId }, 'ended-by-member', now);
  await forgetEndedDevices(deps, member.phone, ended, currentSessionId);
  return ended.length;
}
